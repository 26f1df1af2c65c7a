import { mkdirSync, rmSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Db } from './args.ts';
import { onInterrupt } from './child.ts';
import type { CatalogContext } from './catalogContext.ts';

/** Where one catalogue lives, how to point the service and the CLIs at it, and how to remove it. */
export interface Storage {
  env: Record<string, string>;
  bytes(): Promise<number | null>;
  remove(): Promise<void>;
}

async function withPg<T>(url: string, body: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await body(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty place for one catalogue on `db`, removed again on interrupt. */
export function storageFor(ctx: CatalogContext, db: Db, name: string): Storage {
  if (db === 'sqlite') {
    const dir = path.join(ctx.workDir, `sqlite-${name}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'catalog.db');
    const remove = async () => rmSync(dir, { recursive: true, force: true });
    onInterrupt(remove);
    return {
      env: { SQLITE_PATH: file },
      async bytes() {
        return ['', '-wal'].reduce((sum, suffix) => sum + (existsSync(file + suffix) ? statSync(file + suffix).size : 0), 0);
      },
      remove,
    };
  }
  const schema = `bench_${name}_${process.pid}`.replace(/[^a-z0-9_]/g, '_');
  const url = ctx.options.databaseUrl;
  const remove = () =>
    withPg(url, (client) => client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)).then(
      () => undefined,
      (error: unknown) => console.error(`[bench] could not drop schema ${schema}: ${(error as Error).message}`),
    );
  onInterrupt(remove);
  return {
    env: { DATABASE_URL: url, DATABASE_SCHEMA: schema },
    async bytes() {
      return withPg(url, async (client) => {
        const result = await client.query<{ n: string }>(
          `SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
           WHERE s.nspname = $1 AND c.relkind = 'r'`,
          [schema],
        );
        return Number(result.rows[0]?.n ?? 0);
      });
    },
    remove,
  };
}
