/**
 * The outbox for operators (`npm run mail -w mf-checkout -- <command>`, docs/operations.md "Mail"):
 *
 *   failed               the messages left failed after their last attempt, with why
 *   requeue <id>...      queue these failed messages again, with fresh attempts
 *   requeue --all        queue every failed message again
 *
 * A running checkout service with SMTP_URL sends what is queued within a second. Reads the storage
 * part of the service's configuration only (DATABASE_URL, else SQLITE_PATH, else DATA_DIR).
 */
import { SchemaTooNewError } from 'service-kit/migrations';
import { StorageConfigError, storageFrom } from './storage/location.ts';
import { openRepository } from './storage/open.ts';

const USAGE = 'usage: npm run mail -w mf-checkout -- failed | requeue <id>... | requeue --all';

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command !== 'failed' && command !== 'requeue') {
    console.error(USAGE);
    return 2;
  }
  if (command === 'requeue' && rest.length === 0) {
    console.error(`requeue needs message ids or --all; ${USAGE}`);
    return 2;
  }
  const repository = await openRepository(storageFrom(process.env));
  try {
    if (command === 'failed') {
      const failed = await repository.outbox.list({ state: 'failed', limit: 10_000 });
      for (const message of failed) {
        console.log(
          `${message.id}  ${message.kind}  order ${message.orderId ?? '-'}  ${message.attempts} attempts  since ${message.createdAt}  ${message.lastError ?? ''}`,
        );
      }
      console.log(`${failed.length} failed message${failed.length === 1 ? '' : 's'}`);
      return 0;
    }
    const ids = rest.includes('--all') ? undefined : rest;
    const queued = await repository.outbox.requeueFailed(new Date().toISOString(), ids);
    console.log(`queued again: ${queued}`);
    return ids && queued < ids.length ? 1 : 0;
  } finally {
    await repository.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof StorageConfigError || error instanceof SchemaTooNewError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
