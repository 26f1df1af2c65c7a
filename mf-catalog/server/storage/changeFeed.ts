// How the processes on one catalogue database tell each other what changed, so their caches stay
// right: PostgreSQL's notices between instances, or the commits other connections made to a SQLite
// file. The only part of the store where the engines work differently, not just spell differently.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { SqlDatabase } from 'service-kit/sql';
import type { CatalogDatabase } from './database.ts';
import { quoteIdentifier } from './migrations/index.ts';

/**
 * What changed, as told to other processes on the same database: 'stock' when only the stock of
 * these products changed (listings stay valid: none filters or sorts by stock), 'data' otherwise.
 */
export interface ProductChange {
  kind: 'stock' | 'data';
  /** null: any product may have changed (bulk load, clear). */
  ids: readonly number[] | null;
}

export interface ChangeFeed {
  /** Tells the other processes on this database what changed. */
  publish(change: ProductChange): Promise<void>;
  /** Calls listener for the changes other processes publish; resolves once they are being received. */
  subscribe(listener: (change: ProductChange) => void): Promise<void>;
  close(): Promise<void>;
}

/** How often the service looks for commits by another process (an import into the running shop). */
const OTHER_WRITERS_POLL_MS = 1000;

/**
 * The service is the file's only regular writer, but the import and generate commands may write it
 * while the shop runs. SQLite counts commits by other connections in `PRAGMA data_version`; a change
 * of it means "anything may have changed", heard within a second. Other processes see this one's
 * commits the same way: there is nobody to tell.
 */
export function fileChangeFeed(database: SqlDatabase<CatalogDatabase>): ChangeFeed {
  let watch: NodeJS.Timeout | undefined;
  const dataVersion = async () => Number((await sql<{ data_version: number }>`PRAGMA data_version`.execute(database.db)).rows[0]!.data_version);
  return {
    publish: async () => {},
    async subscribe(listener) {
      let seen = await dataVersion();
      watch = setInterval(() => {
        void dataVersion().then(
          (now) => {
            if (now === seen) return;
            seen = now;
            listener({ kind: 'data', ids: null });
          },
          () => undefined,
        );
      }, OTHER_WRITERS_POLL_MS);
      watch.unref();
    },
    close: async () => clearInterval(watch),
  };
}

/** A notice carries at most 8000 bytes; larger id lists are sent as "anything may have changed". */
const MAX_NOTICE_BYTES = 7000;

/**
 * Notices on a channel per schema, published after each write and heard on a connection of its own.
 * A lost connection may have missed some: the listener is told that anything may have changed, and
 * the connection is made again.
 */
export function noticeChangeFeed(primary: SqlDatabase<CatalogDatabase>, url: string, schema: string): ChangeFeed {
  const channel = `catalog_products_${schema}`;
  /** Tells this process's own notices from the other instances'. */
  const instance = randomUUID();
  let connection: pg.Client | null = null;
  let onChange: ((change: ProductChange) => void) | null = null;
  let closed = false;

  async function connect(): Promise<void> {
    if (closed) return;
    const client = new pg.Client({ connectionString: url });
    client.on('error', (error) => {
      console.error(`catalog: change notices connection lost (${error.message}); reconnecting`);
      void client.end().catch(() => undefined);
    });
    client.on('end', () => {
      if (connection !== client || closed) return;
      connection = null;
      onChange?.({ kind: 'data', ids: null });
      setTimeout(() => void connect().catch(() => undefined), 1000).unref();
    });
    client.on('notification', (message) => {
      if (message.channel !== channel || !message.payload) return;
      const notice = JSON.parse(message.payload) as { from: string; kind: ProductChange['kind']; ids: number[] | null };
      if (notice.from !== instance) onChange?.({ kind: notice.kind, ids: notice.ids });
    });
    await client.connect();
    connection = client;
    await client.query(`LISTEN ${quoteIdentifier(channel)}`);
  }

  return {
    async publish(change) {
      let payload = JSON.stringify({ from: instance, kind: change.kind, ids: change.ids });
      if (payload.length > MAX_NOTICE_BYTES) payload = JSON.stringify({ from: instance, kind: change.kind, ids: null });
      await sql`SELECT pg_notify(${channel}, ${payload})`.execute(primary.db);
    },
    async subscribe(listener) {
      onChange = listener;
      await connect();
    },
    async close() {
      closed = true;
      const client = connection;
      connection = null;
      await client?.end().catch(() => undefined);
    },
  };
}
