import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { passwordResetMessage } from './storage/outboxMessages.ts';
import { openSqliteRepository } from './storage/sqlite.ts';

function run(env: Record<string, string>, args: string[]) {
  const result = spawnSync(process.execPath, [path.join(__dirname, 'mailCommand.ts'), ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { status: result.status, stdout: result.stdout.trim().split('\n').filter(Boolean), stderr: result.stderr.trim() };
}

describe('npm run mail -w mf-checkout', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'checkout-mail-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('lists the failed messages and queues them again', async () => {
    const env = { DATA_DIR: dir };
    const repository = await openSqliteRepository(path.join(dir, 'orders.db'));
    const message = passwordResetMessage('lost@example.com', 'en', 'http://localhost:3000/reset-password?oobCode=x', new Date().toISOString());
    try {
      await repository.outbox.enqueue(message);
      await repository.outbox.claimDue('w', new Date(Date.now() + 1000).toISOString(), new Date(Date.now() + 60_000).toISOString(), 1, 1);
      await repository.outbox.markAttemptFailed(message.id, 'w', '550 mailbox unavailable', null);
    } finally {
      await repository.close();
    }

    const failed = run(env, ['failed']);
    expect(failed.status).toBe(0);
    expect(failed.stdout).toEqual([
      expect.stringMatching(new RegExp(`^${message.id}  password-reset  order -  1 attempts  since .*  550 mailbox unavailable$`)),
      '1 failed message',
    ]);
    expect(run(env, ['requeue', message.id]).stdout).toEqual(['queued again: 1']);
    expect(run(env, ['failed']).stdout).toEqual(['0 failed messages']);
    expect(run(env, ['requeue', 'no-such-id'])).toMatchObject({ status: 1, stdout: ['queued again: 0'] });
    expect(run(env, ['requeue', '--all']).stdout).toEqual(['queued again: 0']);
    expect(run(env, ['resend']).status).toBe(2);
  });
});
