// A hot read built and compiled once per shape, then run with each call's values straight on the
// driver. Kysely's builder, compiler and executor take about as long as a short indexed query's round
// trip on a busy machine (decision 0045: 0.15 ms of a 0.7 ms page of 50 orders), which the staff's
// order list at 1,000,000 orders notices; its SQL is the same for every call with the same filters.
import type { Compilable } from 'kysely';
import type { SqlDatabase } from './engine.ts';

/** Where a named value goes in a query built once. */
class Slot {
  readonly name: string;

  constructor(name: string) {
    this.name = name;
  }
}

export type SlotOf<V> = <K extends keyof V & string>(name: K) => V[K];

/**
 * `build(slot, values)` writes the query, putting `slot('name')` wherever a value of `values` goes (a
 * value written directly would be kept from the first call: building it again refuses that);
 * `shapeOf(values)` names what changes the SQL (the filters present). Runs outside any transaction.
 */
export function preparedQuery<DB, V extends Record<string, unknown>, R>(
  database: SqlDatabase<DB>,
  shapeOf: (values: V) => string,
  build: (slot: SlotOf<V>, values: V) => Compilable<R>,
): (values: V) => Promise<R[]> {
  const shapes = new Map<string, { sql: string; names: string[] }>();
  const slot = ((name: string) => new Slot(name)) as SlotOf<V>;
  return async (values) => {
    const shape = shapeOf(values);
    let compiled = shapes.get(shape);
    if (!compiled) {
      const query = build(slot, values).compile();
      const names = query.parameters.map((parameter) => {
        if (parameter instanceof Slot) return parameter.name;
        throw new Error(`a value of the prepared query "${shape}" is not a slot: ${String(parameter)}`);
      });
      shapes.set(shape, (compiled = { sql: query.sql, names }));
    }
    return database.run<R>(
      compiled.sql,
      compiled.names.map((name) => values[name]),
    );
  };
}
