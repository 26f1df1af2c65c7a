import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { Kysely } from 'kysely';
import { inSpan, traceSqlite } from '../index.ts';
import { startTracing } from '../tracing/setup.ts';
import { NodeSqliteDialect } from './nodeSqlite.ts';

interface Db {
  counters: { name: string; value: number };
}

const exporter = new InMemorySpanExporter();
const tracing = startTracing({ service: 'kit-test', exporter });
afterAll(() => tracing.shutdown());

let dir: string;
const open: Kysely<Db>[] = [];

function kysely(file: string, traced = false): Kysely<Db> {
  const db = new DatabaseSync(file, { timeout: 5000 });
  const instance = new Kysely<Db>({ dialect: new NodeSqliteDialect(traced ? traceSqlite(db) : db) });
  open.push(instance);
  return instance;
}

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'kit-sql-'));
  const db = new DatabaseSync(path.join(dir, 'store.db'));
  db.exec('PRAGMA journal_mode = WAL');
  db.exec("CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL); INSERT INTO counters VALUES ('a', 0)");
  db.close();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((instance) => instance.destroy()));
  rmSync(dir, { recursive: true, force: true });
});

/** A read, a pause in which anything else may run, and a write of what was read plus one. */
async function increment(db: Kysely<Db>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { value } = await trx.selectFrom('counters').select('value').where('name', '=', 'a').executeTakeFirstOrThrow();
    await new Promise((resolve) => setTimeout(resolve, 1));
    await trx
      .updateTable('counters')
      .set({ value: value + 1 })
      .where('name', '=', 'a')
      .execute();
  });
}

const value = async (db: Kysely<Db>) => (await db.selectFrom('counters').select('value').where('name', '=', 'a').executeTakeFirstOrThrow()).value;

describe('NodeSqliteDialect', () => {
  test('answers rows, RETURNING and counts of changed rows', async () => {
    const db = kysely(path.join(dir, 'store.db'));
    const inserted = await db.insertInto('counters').values({ name: 'b', value: 5 }).returningAll().execute();
    expect(inserted).toEqual([{ name: 'b', value: 5 }]);
    const ignored = await db
      .insertInto('counters')
      .values({ name: 'b', value: 9 })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .executeTakeFirst();
    expect(ignored.numInsertedOrUpdatedRows).toBe(0n);
    const updated = await db.updateTable('counters').set({ value: 6 }).where('name', '=', 'b').executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(1n);
    expect(await db.selectFrom('counters').selectAll().orderBy('name').execute()).toEqual([
      { name: 'a', value: 0 },
      { name: 'b', value: 6 },
    ]);
  });

  test('a transaction that throws leaves nothing behind, and the next one runs', async () => {
    const db = kysely(path.join(dir, 'store.db'));
    const failing = db.transaction().execute(async (trx) => {
      await trx.updateTable('counters').set({ value: 100 }).where('name', '=', 'a').execute();
      throw new Error('changed my mind');
    });
    await expect(failing).rejects.toThrow('changed my mind');
    await increment(db);
    expect(await value(db)).toBe(1);
  });

  test("transactions on one file take turns, across the process's connections to it: no lost update, no busy error", async () => {
    const file = path.join(dir, 'store.db');
    const [first, second] = [kysely(file), kysely(file)];
    await Promise.all(Array.from({ length: 20 }, (_, i) => increment(i % 2 ? first : second)));
    expect(await value(first)).toBe(20);
    expect(await value(second)).toBe(20);
  });

  test('a transaction holds the write lock from its start: another process cannot write meanwhile', async () => {
    const file = path.join(dir, 'store.db');
    const db = kysely(file);
    const outsider = new DatabaseSync(file, { timeout: 0 });
    try {
      await db.transaction().execute(async (trx) => {
        await trx.selectFrom('counters').select('value').execute();
        expect(() => outsider.exec("UPDATE counters SET value = 7 WHERE name = 'a'")).toThrow(/database is locked/);
      });
    } finally {
      outsider.close();
    }
  });

  test("each statement is a span of the request's trace when the database is traced", async () => {
    const db = kysely(path.join(dir, 'store.db'), true);
    exporter.reset();
    await inSpan('POST /counters', {}, () => increment(db));
    const spans = exporter.getFinishedSpans();
    const request = spans.find((span) => span.name === 'POST /counters')!;
    const children = spans.filter((span) => span.parentSpanContext?.spanId === request.spanContext().spanId);
    expect(children.map((span) => span.name)).toEqual(['BEGIN', 'SELECT counters', 'UPDATE counters', 'COMMIT']);
  });
});
