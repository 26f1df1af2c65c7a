import type pg from 'pg';
import type { Order } from '../orders/model.ts';
import { linesByOrder, toOrder, type LineRow, type OrderRow } from './rows.ts';

/** The pool's ways of reading and writing that every part of the PostgreSQL repository shares. */
export interface PostgresQueries {
  pool: pg.Pool;
  query<R extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<pg.QueryResult<R>>;
  /** Orders of these rows with their lines, in two queries. */
  withLines(rows: OrderRow[]): Promise<Order[]>;
  one(sql: string, params: unknown[]): Promise<Order | null>;
  /** Whether the statement changed a row. */
  changed(sql: string, params: unknown[]): Promise<boolean>;
  inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T>;
  /** Inside a transaction: the order the statement selects, with its lines. */
  loadWith(client: pg.PoolClient, sql: string, params: unknown[]): Promise<Order | null>;
}

/** The shared queries on an orders pool. */
export function postgresQueries(pool: pg.Pool): PostgresQueries {
  async function query<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<pg.QueryResult<R>> {
    return pool.query<R>(sql, params);
  }

  async function withLines(rows: OrderRow[]): Promise<Order[]> {
    if (rows.length === 0) return [];
    const lines = await query<LineRow>('SELECT * FROM order_lines WHERE order_id = ANY($1) ORDER BY position', [rows.map((row) => row.id)]);
    const grouped = linesByOrder(lines.rows);
    return rows.map((row) => toOrder(row, grouped.get(row.id) ?? []));
  }

  return {
    pool,
    query,
    withLines,

    async one(sql, params) {
      const result = await query<OrderRow>(sql, params);
      const [order] = await withLines(result.rows);
      return order ?? null;
    },

    async changed(sql, params) {
      return ((await query(sql, params)).rowCount ?? 0) > 0;
    },

    async inTransaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(client);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },

    async loadWith(client, sql, params) {
      const row = (await client.query<OrderRow>(sql, params)).rows[0];
      if (!row) return null;
      const lines = await client.query<LineRow>('SELECT * FROM order_lines WHERE order_id = $1 ORDER BY position', [row.id]);
      return toOrder(row, lines.rows);
    },
  };
}
