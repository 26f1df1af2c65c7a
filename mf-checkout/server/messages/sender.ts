import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Log } from '../orders/stock.ts';
import type { OutboxMessage, OutboxStore } from '../storage/outbox.ts';
import { retryDelayMs } from './backoff.ts';
import type { MailTransport } from './mailer.ts';
import { renderMessage, type Shop } from './templates.ts';

export interface SenderOptions {
  outbox: OutboxStore;
  transport: MailTransport;
  shop: Shop;
  from: string;
  log: Log;
  now: () => Date;
  maxAttempts: number;
  retry: { baseMs: number; maxMs: number };
  pollMs: number;
  /** Sent messages older than this many days are deleted (MAIL_SENT_RETENTION_DAYS); failed ones are kept. */
  keepSentDays: number;
  /** How long a claimed message is this sender's; longer than any attempt can take (mailer.ts SMTP_TIMEOUTS). */
  leaseMs?: number;
  batch?: number;
  /** Sent messages deleted per statement: each one is short, so nothing waits long behind it. */
  purgeBatch?: number;
  /** Names this sender in the outbox rows it leases. */
  workerId?: string;
}

export interface Sender {
  /** Looks for due messages every pollMs until stop(). */
  start(): void;
  /** One pass: sends what is due now, then deletes sent messages past their keeping; answers how many were sent. */
  runOnce(): Promise<number>;
  /** No new pass starts; the one under way finishes its message (bounded by the SMTP timeouts). */
  stop(): Promise<void>;
}

const DEFAULT_LEASE_MS = 120_000;
const DEFAULT_PURGE_BATCH = 500;
const DAY_MS = 86_400_000;

/**
 * Empties the outbox through SMTP. Every checkout instance runs one: leases keep them from sending
 * the same message at once. A message is marked sent as soon as the server accepted it, before
 * anything else; the only way to send one twice is to stop between the server's 250 and that
 * commit (a crash, the database away at that moment): its lease then runs out and it goes again,
 * with the same Message-ID (decision 0030).
 */
export function createSender(options: SenderOptions): Sender {
  const { outbox, transport, log } = options;
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const iso = (offsetMs = 0) => new Date(options.now().getTime() + offsetMs).toISOString();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let pass: Promise<number> | null = null;

  async function deliver(message: OutboxMessage): Promise<boolean> {
    const about = { outboxId: message.id, kind: message.kind, orderId: message.orderId, attempt: message.attempts };
    try {
      const rendered = renderMessage(message, options.shop);
      await transport.send({ from: options.from, to: message.recipient, messageId: message.messageId, ...rendered });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const giveUp = message.attempts >= options.maxAttempts;
      const retryAt = giveUp ? null : iso(retryDelayMs(message.attempts, options.retry));
      await outbox.markAttemptFailed(message.id, workerId, reason, retryAt);
      if (giveUp)
        log.error(
          { ...about, err: reason },
          `message failed for good after ${message.attempts} attempts: an operator can queue it again (docs/operations.md, Mail)`,
        );
      else log.warn({ ...about, err: reason, retryAt }, 'sending a message failed; it will be tried again');
      return false;
    }
    // Accepted by the server: recorded before anything else happens.
    if (!(await outbox.markSent(message.id, workerId, iso()))) {
      log.warn(about, 'message sent after its lease ran out: another sender may have sent it too (same Message-ID)');
    }
    return true;
  }

  async function runPass(): Promise<number> {
    for (const expired of await outbox.failExpired(iso(), options.maxAttempts)) {
      log.error(
        { outboxId: expired.id, kind: expired.kind, orderId: expired.orderId, attempt: expired.attempts },
        'message failed for good: its last attempt never finished (its sender stopped); an operator can queue it again',
      );
    }
    let sent = 0;
    while (!stopped) {
      const claimed = await outbox.claimDue(workerId, iso(), iso(leaseMs), options.batch ?? 10, options.maxAttempts);
      if (claimed.length === 0) break;
      for (const message of claimed) {
        // Stopping: what is leased and not started goes back to the others (or the next start) at once.
        if (stopped) {
          await outbox.markAttemptFailed(message.id, workerId, 'the sender stopped before this attempt', iso());
          continue;
        }
        if (await deliver(message)) sent++;
      }
    }
    await purgeSent();
    return sent;
  }

  /**
   * Retention: the sent messages past their keeping go, a batch per statement until none is left,
   * after the sending (the shoppers' mail never waits for it). Every instance does it; on PostgreSQL
   * they skip each other's rows.
   */
  async function purgeSent(): Promise<void> {
    const before = iso(-options.keepSentDays * DAY_MS);
    const batch = options.purgeBatch ?? DEFAULT_PURGE_BATCH;
    let purged = 0;
    while (!stopped) {
      const deleted = await outbox.purgeSent(before, batch);
      purged += deleted;
      if (deleted < batch) break;
    }
    if (purged > 0) log.info({ purged }, `deleted ${purged} sent messages older than ${options.keepSentDays} days`);
  }

  function runOnce(): Promise<number> {
    pass ??= runPass().finally(() => {
      pass = null;
    });
    return pass;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((error: unknown) => log.error({ err: error }, 'the message sender failed a pass; it tries again'))
        .finally(schedule);
    }, options.pollMs);
  }

  return {
    start() {
      stopped = false;
      schedule();
    },
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await pass?.catch(() => undefined);
    },
  };
}
