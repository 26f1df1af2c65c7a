import type { CheckoutConfig } from '../config.ts';
import type { Log } from '../orders/stock.ts';
import type { OutboxStore } from '../storage/outbox.ts';
import { createSmtpTransport, type MailTransport } from './mailer.ts';
import { createSender, type Sender } from './sender.ts';

export interface Messaging {
  /** The sender, or null when no SMTP server is configured (messages stay queued). */
  sender: Sender | null;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The shopper messages' sender inside the checkout service, started with it and stopped before its
 * storage closes. Without SMTP_URL nothing is sent and nothing fails: the outbox keeps the messages
 * until an instance with a mail server runs, and the log says so once.
 */
export function createMessaging(deps: {
  config: CheckoutConfig['mail'];
  outbox: OutboxStore;
  log: Log;
  now: () => Date;
  /** Tests: their own transport; null = as if SMTP_URL were unset. */
  transport?: MailTransport | null;
}): Messaging {
  const { config, log } = deps;
  const transport = deps.transport !== undefined ? deps.transport : config.smtpUrl ? createSmtpTransport(config.smtpUrl) : null;
  if (!transport) {
    log.warn('SMTP_URL is not set: messages to shoppers stay queued in the outbox until a checkout service with SMTP_URL runs');
    return { sender: null, start() {}, async stop() {} };
  }
  const sender = createSender({
    outbox: deps.outbox,
    transport,
    shop: { name: config.shopName, origin: config.publicOrigin },
    from: config.from,
    log,
    now: deps.now,
    maxAttempts: config.maxAttempts,
    retry: { baseMs: config.retryBaseMs, maxMs: config.retryMaxMs },
    pollMs: config.pollMs,
    keepSentDays: config.sentRetentionDays,
  });
  return {
    sender,
    start() {
      sender.start();
    },
    async stop() {
      await sender.stop();
      transport.close();
    },
  };
}
