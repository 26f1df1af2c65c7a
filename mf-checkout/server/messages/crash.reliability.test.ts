import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { backends, openTestRepository, type TestStorage } from '../testing/harness.ts';
import { startTestSmtpServer, waitFor, type TestSmtpServer } from '../testing/smtpServer.ts';
import { passwordResetMessage } from '../storage/outboxMessages.ts';

jest.setTimeout(60_000);

const script = path.join(__dirname, '..', 'testing', 'senderProcess.ts');

/** A sender in a process of its own, as a checkout instance runs it; resolves once it is sending. */
async function startSenderProcess(storage: TestStorage, smtpUrl: string): Promise<ChildProcess> {
  const location = storage.location;
  const child = spawn(process.execPath, [script], {
    env: {
      ...process.env,
      SMTP_URL: smtpUrl,
      LEASE_MS: '1500',
      ...('sqlitePath' in location ? { SQLITE_PATH: location.sqlitePath } : { DATABASE_URL: location.databaseUrl, SCHEMA: location.schema }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the sender process exited (${code}) before it was ready`)));
  });
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));

describe.each(backends)('a sender killed mid-send on %s', (backend) => {
  let storage: TestStorage;
  let smtp: TestSmtpServer;
  const children: ChildProcess[] = [];

  beforeEach(async () => {
    storage = await openTestRepository(backend);
    smtp = await startTestSmtpServer();
  });
  afterEach(async () => {
    for (const child of children.splice(0)) {
      child.kill('SIGKILL');
      await exited(child);
    }
    await smtp.close();
    await storage.cleanup();
  });

  test('SIGKILL while the server holds DATA: nothing lost, nothing sent twice', async () => {
    const messageIds: string[] = [];
    for (let i = 0; i < 5; i++) {
      const message = passwordResetMessage(`crash${i}@example.com`, 'en', `http://localhost:3000/reset-password?oobCode=${i}`, new Date().toISOString());
      await storage.repository.outbox.enqueue(message);
      messageIds.push(message.messageId);
    }
    // The server reads the first message and never answers: the sender waits for its 250 ...
    smtp.stall();
    const first = await startSenderProcess(storage, smtp.url);
    children.push(first);
    await waitFor(() => smtp.dataStarted >= 1, 'the first message in DATA');
    // ... and is killed there, holding leases on every message it took.
    first.kill('SIGKILL');
    await exited(first);
    expect(smtp.received).toEqual([]);
    const held = await storage.repository.outbox.list({});
    expect(held.every((message) => message.state !== 'sent')).toBe(true);

    smtp.resume();
    children.push(await startSenderProcess(storage, smtp.url));
    await waitFor(async () => (await storage.repository.outbox.list({ state: 'sent' })).length === 5, 'every message sent by the next sender');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.map((mail) => mail.messageId).sort()).toEqual([...messageIds].sort());
    // The message that was in DATA went with its second attempt; the others' leases just ran out.
    const sent = await storage.repository.outbox.list({});
    expect(sent.every((message) => message.state === 'sent' && message.attempts === 2)).toBe(true);
  });
});
