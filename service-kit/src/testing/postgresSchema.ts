import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A throw-away schema per test file, so files run in parallel against one database. Fails loudly
 * when PostgreSQL is unreachable: CI has it, and a silently skipped backend proves nothing.
 */
export async function createTestSchema(prefix = 'kit_test'): Promise<{ url: string; schema: string; drop(): Promise<void> }> {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`PostgreSQL is not reachable at ${TEST_DATABASE_URL} (${(error as Error).message}); start it or set TEST_DATABASE_URL`);
  }
  try {
    await client.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await client.end();
  }
  return {
    url: TEST_DATABASE_URL,
    schema,
    async drop() {
      const dropper = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await dropper.connect();
      try {
        await dropper.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await dropper.end();
      }
    },
  };
}
