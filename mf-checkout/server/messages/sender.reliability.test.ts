import { backends, openTestRepository, type TestStorage } from '../testing/harness.ts';
import { startTestSmtpServer, waitFor, type TestSmtpServer } from '../testing/smtpServer.ts';
import { passwordResetMessage } from '../storage/outboxMessages.ts';
import type { OrderRepository } from '../storage/repository.ts';
import { createSmtpTransport } from './mailer.ts';
import { createSender, type Sender } from './sender.ts';

jest.setTimeout(60_000 + 2 * Number(process.env.MAIL_OUTAGE_MS ?? 0));

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

function sender(repository: OrderRepository, url: string, overrides: Partial<Parameters<typeof createSender>[0]> = {}): Sender {
  return createSender({
    outbox: repository.outbox,
    transport: createSmtpTransport(url),
    shop: { name: 'Storefront', origin: 'http://localhost:3000' },
    from: 'Storefront <shop@storefront.localhost>',
    log: quiet,
    now: () => new Date(),
    maxAttempts: 100,
    retry: { baseMs: 50, maxMs: 400 },
    pollMs: 30,
    keepSentDays: 30,
    ...overrides,
  });
}

async function freePort(): Promise<number> {
  const probe = await startTestSmtpServer();
  await probe.close();
  return probe.port;
}

async function enqueue(repository: OrderRepository, count: number, prefix: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const message = passwordResetMessage(
      `${prefix}${i}@example.com`,
      i % 2 ? 'ru' : 'en',
      `http://localhost:3000/reset-password?oobCode=${i}`,
      new Date().toISOString(),
    );
    await repository.outbox.enqueue(message);
    ids.push(message.messageId);
  }
  return ids;
}

describe.each(backends)('the sender on %s', (backend) => {
  let storage: TestStorage;
  let smtp: TestSmtpServer | undefined;
  const senders: Sender[] = [];

  beforeEach(async () => {
    storage = await openTestRepository(backend);
  });
  afterEach(async () => {
    await Promise.all(senders.splice(0).map((running) => running.stop()));
    await smtp?.close();
    smtp = undefined;
    await storage.cleanup();
  });

  test('the mail server down for a while, then back: every message goes, once, from two instances at once', async () => {
    // MAIL_OUTAGE_MS=60000 keeps it down for the minute (the default keeps the suite quick).
    const outageMs = Number(process.env.MAIL_OUTAGE_MS ?? 0);
    const downSince = Date.now();
    const port = await freePort();
    const messageIds = await enqueue(storage.repository, 12, 'down');
    const other = await storage.reopen();
    const options = { maxAttempts: 10_000 };
    senders.push(sender(storage.repository, `smtp://127.0.0.1:${port}`, options), sender(other, `smtp://127.0.0.1:${port}`, options));
    for (const running of senders) running.start();

    // Down: every message is tried, fails, and waits its turn again; none is lost or given up.
    await waitFor(async () => (await storage.repository.outbox.list({})).every((message) => message.attempts >= 2), 'retries while the server is down');
    const whileDown = await storage.repository.outbox.list({});
    expect(whileDown.every((message) => message.state !== 'sent' && message.state !== 'failed')).toBe(true);
    expect(whileDown.some((message) => /ECONNREFUSED/.test(message.lastError ?? ''))).toBe(true);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, outageMs - (Date.now() - downSince))));
    smtp = await startTestSmtpServer(port);
    await waitFor(async () => (await storage.repository.outbox.list({ state: 'sent' })).length === 12, 'every message sent');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.map((mail) => mail.messageId).sort()).toEqual([...messageIds].sort());
    const first = smtp.received.find((mail) => mail.to[0] === 'down0@example.com')!;
    expect(first.raw).toMatch(/^Subject: =\?UTF-8\?Q\?Reset_your_password_/m);
    expect(first.raw).toMatch(/^Message-ID: <[0-9a-f-]{36}@outbox\.storefront>/m);
    expect(first.raw).toContain('Auto-Submitted: auto-generated');
  });

  test('a message the server keeps refusing is failed after the last attempt, logged, and can be queued again', async () => {
    smtp = await startTestSmtpServer();
    const errors: string[] = [];
    const log = { ...quiet, error: (_details: unknown, message?: string) => void errors.push(String(message)) };
    const message = passwordResetMessage('nobody@example.com', 'en', 'http://localhost:3000/reset-password?oobCode=x', new Date().toISOString());
    await storage.repository.outbox.enqueue(message);
    // An address the server's RCPT TO refuses: a permanent refusal, answered the same every time.
    const refusing = await startTestSmtpServer();
    await refusing.close();
    const running = sender(storage.repository, `smtp://127.0.0.1:${refusing.port}`, { maxAttempts: 3, log });
    senders.push(running);
    running.start();
    await waitFor(async () => (await storage.repository.outbox.list({ state: 'failed' })).length === 1, 'the message failed for good');
    expect((await storage.repository.outbox.list({}))[0]).toMatchObject({ attempts: 3, state: 'failed', lastError: expect.stringMatching(/ECONNREFUSED/) });
    expect(errors).toEqual([expect.stringMatching(/^message failed for good after 3 attempts/)]);

    await running.stop();
    expect(await storage.repository.outbox.requeueFailed(new Date().toISOString())).toBe(1);
    const working = sender(storage.repository, smtp.url);
    senders.push(working);
    expect(await working.runOnce()).toBe(1);
    expect(smtp.received.map((mail) => mail.messageId)).toEqual([message.messageId]);
  });
});
