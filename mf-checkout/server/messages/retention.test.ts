import { backends, openTestRepository, type TestStorage } from '../testing/harness.ts';
import { passwordResetMessage } from '../storage/outboxMessages.ts';
import type { MessageState } from '../storage/outbox.ts';
import type { Mail, MailTransport } from './mailer.ts';
import { createSender } from './sender.ts';

const DAY = 86_400_000;
const NOW = new Date('2026-06-30T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A mail server that accepts everything, or refuses everything. */
function transport(accepts: boolean): MailTransport & { sent: Mail[] } {
  const sent: Mail[] = [];
  return {
    sent,
    async send(mail) {
      if (!accepts) throw new Error('550 mailbox unavailable');
      sent.push(mail);
    },
    close() {},
  };
}

describe.each(backends)('keeping sent messages on %s', (backend) => {
  let storage: TestStorage;
  const outbox = () => storage.repository.outbox;

  beforeEach(async () => {
    storage = await openTestRepository(backend);
  });
  afterEach(async () => {
    await storage.cleanup();
  });

  /** A message written `days` ago and taken to `state` then (a sender of that day). */
  async function messageFrom(days: number, state: MessageState): Promise<string> {
    const message = passwordResetMessage(`${state}-${days}@example.com`, 'en', 'http://shop/reset', daysAgo(days));
    await outbox().enqueue(message);
    if (state === 'queued') return message.id;
    const [claimed] = await outbox().claimDue('then', daysAgo(days), daysAgo(days - 0.01), 1, 1);
    expect(claimed?.id).toBe(message.id);
    if (state === 'sent') expect(await outbox().markSent(message.id, 'then', daysAgo(days))).toBe(true);
    else expect(await outbox().markAttemptFailed(message.id, 'then', '550 mailbox unavailable', null)).toBe(true);
    return message.id;
  }

  const sender = (keepSentDays: number, accepts = true) =>
    createSender({
      outbox: outbox(),
      transport: transport(accepts),
      shop: { name: 'Storefront', origin: 'http://localhost:3000' },
      from: 'Storefront <shop@storefront.localhost>',
      log: quiet,
      now: () => NOW,
      maxAttempts: 10,
      retry: { baseMs: 1_000, maxMs: 1_000 },
      pollMs: 1_000,
      keepSentDays,
      purgeBatch: 2,
    });

  test('a pass deletes sent messages past their keeping, a few at a time, and keeps failed, recent and unsent ones', async () => {
    const old = [];
    for (const days of [400, 90, 45, 31, 30.5]) old.push(await messageFrom(days, 'sent'));
    const recent = [await messageFrom(29, 'sent'), await messageFrom(1, 'sent')];
    const failed = await messageFrom(200, 'failed');
    const waiting = await messageFrom(60, 'queued');

    // Five past the 30 days, two per statement: the pass goes on until none is left.
    expect(await sender(30).runOnce()).toBe(1);

    const left = await outbox().list({});
    expect(left.map((message) => message.id).sort()).toEqual([...recent, failed, waiting].sort());
    expect(left.find((message) => message.id === failed)).toMatchObject({ state: 'failed', lastError: '550 mailbox unavailable' });
    // The message sent by this very pass is kept too: its keeping starts when it went.
    expect(left.find((message) => message.id === waiting)).toMatchObject({ state: 'sent', sentAt: NOW.toISOString() });
    expect(old.every((id) => !left.some((message) => message.id === id))).toBe(true);
  });

  test('the keeping is configurable, and a pass whose sending fails still clears old sent messages', async () => {
    const sentTenDaysAgo = await messageFrom(10, 'sent');
    const sentYesterday = await messageFrom(1, 'sent');
    await messageFrom(0, 'queued');
    await sender(7, false).runOnce();
    const left = await outbox().list({});
    expect(left.map((message) => message.id)).toContain(sentYesterday);
    expect(left.map((message) => message.id)).not.toContain(sentTenDaysAgo);
    expect(left.map((message) => message.state).sort()).toEqual(['queued', 'sent']);
  });
});
