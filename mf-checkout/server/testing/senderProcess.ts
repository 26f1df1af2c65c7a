// A checkout instance's sender on its own, for the crash test (messages/crash.reliability.test.ts):
// the test kills it with SIGKILL mid-send and starts another. Reads its storage and SMTP server from
// the environment: SQLITE_PATH, or DATABASE_URL with SCHEMA; SMTP_URL; LEASE_MS.
import { createSmtpTransport } from '../messages/mailer.ts';
import { createSender } from '../messages/sender.ts';
import { openPostgresRepository } from '../storage/postgres.ts';
import { openSqliteRepository } from '../storage/sqlite.ts';

const env = process.env;
const repository = env.DATABASE_URL
  ? await openPostgresRepository({ connectionString: env.DATABASE_URL, ...(env.SCHEMA ? { schema: env.SCHEMA } : {}) })
  : await openSqliteRepository(env.SQLITE_PATH!);
const log = {
  info: () => undefined,
  warn: () => undefined,
  error: (details: unknown, message?: string) => console.error(message, JSON.stringify(details)),
};
const sender = createSender({
  outbox: repository.outbox,
  transport: createSmtpTransport(env.SMTP_URL!),
  shop: { name: 'Storefront', origin: 'http://localhost:3000' },
  from: 'Storefront <shop@storefront.localhost>',
  log,
  now: () => new Date(),
  maxAttempts: 10,
  retry: { baseMs: 50, maxMs: 200 },
  pollMs: 30,
  keepSentDays: 30,
  leaseMs: Number(env.LEASE_MS ?? 120_000),
  workerId: `pid-${process.pid}`,
});
sender.start();
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void sender.stop().then(() => repository.close().then(() => process.exit(0)));
});
