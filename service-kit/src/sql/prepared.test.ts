import { DatabaseSync } from 'node:sqlite';
import { sqliteDatabase } from './engine.ts';
import { preparedQuery } from './prepared.ts';

interface Db {
  people: { id: number; name: string; city: string };
}

function people() {
  const raw = new DatabaseSync(':memory:');
  raw.exec(`CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT NOT NULL);
            INSERT INTO people VALUES (1, 'Ada', 'London'), (2, 'Alan', 'Manchester'), (3, 'Grace', 'New York'), (4, 'Anita', 'London')`);
  const database = sqliteDatabase<Db>(raw);
  return { database, db: database.db, close: () => raw.close() };
}

describe('preparedQuery', () => {
  test('answers each call with its own values, building the query once per shape', async () => {
    const { database, db, close } = people();
    let builds = 0;
    const find = preparedQuery(
      database,
      (values: { city?: string; limit: number }) => (values.city === undefined ? 'all' : 'city'),
      (slot, values) => {
        builds++;
        const query = db.selectFrom('people').select('name').orderBy('id');
        return (values.city === undefined ? query : query.where('city', '=', slot('city')!)).limit(slot('limit'));
      },
    );
    expect(await find({ city: 'London', limit: 10 })).toEqual([{ name: 'Ada' }, { name: 'Anita' }]);
    expect(await find({ city: 'New York', limit: 10 })).toEqual([{ name: 'Grace' }]);
    expect(await find({ city: 'London', limit: 1 })).toEqual([{ name: 'Ada' }]);
    expect(await find({ limit: 2 })).toEqual([{ name: 'Ada' }, { name: 'Alan' }]);
    expect(builds).toBe(2);
    close();
  });

  test("on SQLite it waits for an open transaction's turn: it never reads what that transaction may still undo", async () => {
    const { database, db, close } = people();
    const cityOf = preparedQuery(
      database,
      (_values: { id: number }) => 'one',
      (slot) => db.selectFrom('people').select('city').where('id', '=', slot('id')),
    );
    const moving = db.transaction().execute(async (trx) => {
      await trx.updateTable('people').set({ city: 'Paris' }).where('id', '=', 1).execute();
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error('the move is off');
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const [read] = await Promise.all([cityOf({ id: 1 }), moving.catch(() => undefined)]);
    expect(read).toEqual([{ city: 'London' }]);
    close();
  });

  test('refuses a value written into the query instead of a slot: it would be kept from the first call', async () => {
    const { database, db, close } = people();
    const find = preparedQuery(
      database,
      () => 'one',
      (_slot, values: { city: string }) => db.selectFrom('people').select('name').where('city', '=', values.city),
    );
    await expect(find({ city: 'London' })).rejects.toThrow('a value of the prepared query "one" is not a slot: London');
    close();
  });
});
