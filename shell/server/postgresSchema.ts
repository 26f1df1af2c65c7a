import type pg from 'pg';

/**
 * Runs a service's CREATE ... IF NOT EXISTS statements under an advisory lock. Several gateways
 * starting at once on a new database would otherwise race: PostgreSQL's IF NOT EXISTS is not safe
 * against a concurrent creator (it fails with a duplicate pg_type row), so the creators take turns.
 */
export async function createSchemaOnce(pool: pg.Pool, lockName: string, statements: readonly { text: string; values?: unknown[] }[]): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [lockName]);
    for (const statement of statements) await client.query(statement.text, statement.values);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
