import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Generated } from 'kysely';
import pg from 'pg';
import { createTestSchema } from '../testing/postgresSchema.ts';
import { postgresDatabase, readFlag, readInstant, sqliteDatabase, type SqlDatabase } from './engine.ts';

interface Db {
  jobs: { id: number; taken_by: string | null; done: boolean | number; at: string | Date };
  tickets: { number: Generated<number>; title: string };
}

const DDL = {
  sqlite: `CREATE TABLE jobs (id INTEGER PRIMARY KEY, taken_by TEXT, done INTEGER NOT NULL DEFAULT 0, at TEXT NOT NULL);
           CREATE INDEX jobs_open ON jobs (id) WHERE done = 0;
           CREATE TABLE tickets (number INTEGER NOT NULL UNIQUE, title TEXT NOT NULL)`,
  postgres: `CREATE TABLE jobs (id integer PRIMARY KEY, taken_by text, done boolean NOT NULL DEFAULT false, at timestamptz NOT NULL);
             CREATE INDEX jobs_open ON jobs (id) WHERE NOT done;
             CREATE TABLE tickets (number integer GENERATED ALWAYS AS IDENTITY (START WITH 1001) UNIQUE, title text NOT NULL)`,
};

async function openEngine(name: 'sqlite' | 'postgres'): Promise<{ database: SqlDatabase<Db>; cleanup(): Promise<void> }> {
  if (name === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'kit-engine-'));
    const db = new DatabaseSync(path.join(dir, 'store.db'), { timeout: 5000 });
    db.exec(DDL.sqlite);
    const database = sqliteDatabase<Db>(db);
    return { database, cleanup: async () => (await database.db.destroy(), rmSync(dir, { recursive: true, force: true })) };
  }
  const schema = await createTestSchema();
  const pool = new pg.Pool({ connectionString: schema.url, options: `-c search_path=${schema.schema}`, max: 10 });
  await pool.query(DDL.postgres);
  const database = postgresDatabase<Db>(pool);
  return { database, cleanup: async () => (await database.db.destroy(), await schema.drop()) };
}

describe.each(['sqlite', 'postgres'] as const)('the engine on %s', (name) => {
  let opened: Awaited<ReturnType<typeof openEngine>>;
  const db = () => opened.database.db;
  const engine = () => opened.database.engine;

  beforeEach(async () => {
    opened = await openEngine(name);
    await db()
      .insertInto('jobs')
      .values([1, 2, 3, 4].map((id) => ({ id, taken_by: null, done: engine().bool(id === 4), at: `2026-11-28T1${id}:45:00.000Z` })))
      .execute();
  });
  afterEach(() => opened.cleanup());

  test('forUpdate: transactions that read, wait and write the same row lose no update', async () => {
    const bump = () =>
      db()
        .transaction()
        .execute(async (trx) => {
          const job = await engine()
            .forUpdate(trx.selectFrom('jobs').select('taken_by').where('id', '=', 1))
            .executeTakeFirstOrThrow();
          await new Promise((resolve) => setTimeout(resolve, 2));
          await trx
            .updateTable('jobs')
            .set({ taken_by: `${job.taken_by ?? ''}x` })
            .where('id', '=', 1)
            .execute();
        });
    await Promise.all(Array.from({ length: 8 }, bump));
    expect((await db().selectFrom('jobs').select('taken_by').where('id', '=', 1).executeTakeFirstOrThrow()).taken_by).toBe('xxxxxxxx');
  });

  test('forUpdateSkipLocked: workers leasing at once each take other rows', async () => {
    const lease = (worker: string) =>
      db()
        .transaction()
        .execute(async (trx) => {
          const free = trx.selectFrom('jobs').select('id').where('taken_by', 'is', null).where('done', '=', engine().bool(false)).orderBy('id').limit(2);
          const ids = (await engine().forUpdateSkipLocked(free).execute()).map((job) => job.id);
          await new Promise((resolve) => setTimeout(resolve, 5));
          if (ids.length > 0) await trx.updateTable('jobs').set({ taken_by: worker }).where('id', 'in', ids).execute();
          return ids;
        });
    const [a, b] = await Promise.all([lease('a'), lease('b')]);
    expect([...a!, ...b!].sort()).toEqual([1, 2, 3]);
  });

  test('bool: a literal the partial index on the flag serves; read back as a boolean', async () => {
    const open = db().selectFrom('jobs').select(['id', 'done']).where('done', '=', engine().bool(false));
    expect(open.compile().parameters).toEqual([]);
    const rows = await open.orderBy('id').execute();
    expect(rows.map((row) => [row.id, readFlag(row.done)])).toEqual([
      [1, false],
      [2, false],
      [3, false],
    ]);
  });

  test('utcHour: the hour of an instant as text', async () => {
    const rows = await db()
      .selectFrom('jobs')
      .select(['at', engine().utcHour('at').as('hour')])
      .where('id', '=', 2)
      .execute();
    expect(rows.map((row) => [readInstant(row.at), row.hour])).toEqual([['2026-11-28T12:45:00.000Z', '2026-11-28T12']]);
  });

  test('anyOf: one parameter for any number of values, more than either engine takes as parameters', async () => {
    const many = [...Array.from({ length: 70_000 }, (_, i) => 100 + i), 2, 3];
    const rows = await db().selectFrom('jobs').select('id').where(engine().anyOf('id', many)).orderBy('id').execute();
    expect(rows.map((row) => row.id)).toEqual([2, 3]);
    expect(await db().selectFrom('jobs').select('id').where(engine().anyOf('id', [])).execute()).toEqual([]);
  });

  test('nextNumber: rows numbered in the order they came, from the first number', async () => {
    for (const title of ['one', 'two', 'three']) {
      await db()
        .insertInto('tickets')
        .values({ title, number: engine().nextNumber('tickets', 'number', 1001) })
        .execute();
    }
    expect(await db().selectFrom('tickets').select(['number', 'title']).orderBy('number').execute()).toEqual([
      { number: 1001, title: 'one' },
      { number: 1002, title: 'two' },
      { number: 1003, title: 'three' },
    ]);
  });
});
