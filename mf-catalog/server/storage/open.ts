// Opening the catalogue's database on either engine: connections, pragmas and pools, migrations, and
// what an interrupted bulk load left. Every question the store asks is written once (catalogStore.ts).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import { postgresDatabase, sqliteDatabase } from 'service-kit/sql';
import type { CatalogConfig } from '../config.ts';
import { postgresLoadSchema, sqliteLoadSchema } from './bulkLoad.ts';
import { postgresCatalog, sqliteCatalog } from './catalogEngine.ts';
import { SqlCatalogStore, type CatalogConnection } from './catalogStore.ts';
import { fileChangeFeed, noticeChangeFeed } from './changeFeed.ts';
import { inTransaction } from './catalogSql.ts';
import type { CatalogDatabase } from './database.ts';
import type { CubeRow } from './facetCube.ts';
import { cubeQuery } from './listingQueries.ts';
import { migrateCatalogPostgres, migrateCatalogSqlite, schemaPool, type PostgresOptions } from './migrations/index.ts';
import type { CatalogStore } from './repository.ts';

/** PostgreSQL when DATABASE_URL is configured, the embedded SQLite file otherwise. */
export async function openStore(
  config: Pick<CatalogConfig, 'databaseUrl' | 'databaseReadUrl' | 'databasePoolSize' | 'databaseSchema' | 'sqlitePath' | 'countCacheTtlMs'>,
): Promise<CatalogStore> {
  const connection = config.databaseUrl
    ? await openPostgres({ url: config.databaseUrl, readUrl: config.databaseReadUrl, schema: config.databaseSchema, poolSize: config.databasePoolSize })
    : await openSqlite(config.sqlitePath);
  return SqlCatalogStore.open(connection, config.countCacheTtlMs);
}

/** Runs the cube query on its own read-only connection and posts the rows back (see cubeRows). */
const CUBE_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(workerData.path, { readOnly: true });
try {
  db.exec('PRAGMA busy_timeout = 5000; PRAGMA cache_size = -16384;');
  parentPort.postMessage(db.prepare(workerData.sql).all(...workerData.parameters));
} finally {
  db.close();
}`;

/** Opens the file (created when missing), migrates its schema and repairs what an interrupted bulk load left. */
async function openSqlite(path: string): Promise<CatalogConnection> {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const file = new DatabaseSync(path);
  const database = sqliteDatabase<CatalogDatabase>(file);
  const store = { db: database.db, engine: database.engine, catalog: sqliteCatalog };
  try {
    file.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;
      PRAGMA cache_size = -65536; PRAGMA temp_store = MEMORY; PRAGMA mmap_size = 268435456;`);
    await migrateCatalogSqlite(file);
    await inTransaction(store, ({ db }) => sqliteLoadSchema.putBack(db));
  } catch (error) {
    file.close();
    throw error;
  }
  const workers = new Set<Worker>();
  return {
    store,
    reads: database,
    loadSchema: sqliteLoadSchema,
    feed: fileChangeFeed(database),
    description: `sqlite ${path}`,
    /**
     * One GROUP BY over the whole table: instant on small catalogues, about two seconds at a million
     * rows, so a file database is read in a worker thread (its own read-only connection, which WAL
     * lets run beside this one) and requests never wait for it.
     */
    async cubeRows() {
      // The largest id bounds the row count and costs one index probe, unlike count(*).
      const largest = await database.db
        .selectFrom('products')
        .select((eb) => eb.fn.max('id').as('n'))
        .executeTakeFirst();
      if (path === ':memory:' || (largest?.n ?? 0) < 20_000) return cubeQuery(database.db).execute();
      const { sql, parameters } = cubeQuery(database.db).compile();
      return new Promise<CubeRow[]>((resolve, reject) => {
        const worker = new Worker(CUBE_WORKER, { eval: true, workerData: { path, sql, parameters } });
        workers.add(worker);
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.once('exit', (code) => {
          workers.delete(worker);
          reject(new Error(`facet cube worker exited with code ${code}`));
        });
      });
    },
    async close() {
      await Promise.all([...workers].map((worker) => worker.terminate()));
      if (!file.isOpen) return;
      file.exec('PRAGMA optimize');
      await database.db.destroy();
    },
  };
}

/** Pools on the primary and the replica (when configured), the schema migrated and whole. */
async function openPostgres(options: PostgresOptions): Promise<CatalogConnection> {
  const primaryPool = schemaPool(options.url, options);
  const replicaPool = options.readUrl ? schemaPool(options.readUrl, options) : primaryPool;
  const end = async () => {
    await primaryPool.end();
    if (replicaPool !== primaryPool) await replicaPool.end();
  };
  const primary = postgresDatabase<CatalogDatabase>(primaryPool);
  const reads = replicaPool === primaryPool ? primary : postgresDatabase<CatalogDatabase>(replicaPool);
  const store = { db: primary.db, engine: primary.engine, catalog: postgresCatalog };
  const loadSchema = postgresLoadSchema(options.schema);
  try {
    await migrateCatalogPostgres(primaryPool, options.schema);
    await inTransaction(store, ({ db }) => loadSchema.putBack(db));
  } catch (error) {
    await end();
    throw error;
  }
  const where = new URL(options.url);
  return {
    store,
    reads,
    loadSchema,
    feed: noticeChangeFeed(primary, options.url, options.schema),
    description: `postgres ${where.host}${where.pathname} schema ${options.schema}${options.readUrl ? ` (reads from ${new URL(options.readUrl).host})` : ''}`,
    cubeRows: () => cubeQuery(reads.db).execute(),
    close: end,
  };
}
