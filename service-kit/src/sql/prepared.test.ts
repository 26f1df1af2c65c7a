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
  return { ...sqliteDatabase<Db>(raw), close: () => raw.close() };
}

describe('preparedQuery', () => {
  test('answers each call with its own values, building the query once per shape', async () => {
    const { db, close } = people();
    let builds = 0;
    const find = preparedQuery(
      db,
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

  test('refuses a value written into the query instead of a slot: it would be kept from the first call', async () => {
    const { db, close } = people();
    const find = preparedQuery(
      db,
      () => 'one',
      (_slot, values: { city: string }) => db.selectFrom('people').select('name').where('city', '=', values.city),
    );
    await expect(find({ city: 'London' })).rejects.toThrow('a value of the prepared query "one" is not a slot: London');
    close();
  });
});
