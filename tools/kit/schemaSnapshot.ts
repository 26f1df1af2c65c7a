// The schema a database has, as normalised text, one object per line: what each store's upgrade
// test holds against its committed schema.sqlite.snapshot and schema.postgres.snapshot (decision 0026).
import { readFileSync, writeFileSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import type pg from 'pg';

/** One statement on one line: SQLite keeps each CREATE as written, and releases indented them differently. */
function oneLine(sql: string | null): string {
  return (sql ?? '(implicit)').replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')').trim();
}

/** Tables, indexes, triggers and search shadow tables as SQLite records them (statistics are data, left out). */
export function sqliteSchema(db: DatabaseSync): string {
  const rows = db.prepare(`SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY tbl_name, type DESC, name`).all() as {
    type: string;
    name: string;
    tbl_name: string;
    sql: string | null;
  }[];
  // A rebuilt table keeps the quotes SQLite's RENAME put around its name: the same table either way.
  return (
    rows.map((row) => `${row.type} ${row.name} on ${row.tbl_name}: ${oneLine(row.sql).replace(/^CREATE TABLE "(\w+)"/, 'CREATE TABLE $1')}`).join('\n') + '\n'
  );
}

/** Columns (with identity), constraints, indexes, triggers, functions and statistics targets of one schema, its name written <schema>. */
export async function postgresSchema(client: pg.Pool | pg.PoolClient | pg.Client, schema: string): Promise<string> {
  const sections: [string, string][] = [
    [
      'column',
      `SELECT table_name || '.' || column_name || ' ' || data_type || CASE WHEN is_nullable = 'NO' THEN ' not null' ELSE '' END
         || COALESCE(' default ' || column_default, '')
         || CASE WHEN is_identity = 'YES' THEN ' identity ' || identity_generation || ' start ' || identity_start ELSE '' END AS line
       FROM information_schema.columns WHERE table_schema = $1 ORDER BY table_name, ordinal_position`,
    ],
    [
      'constraint',
      `SELECT c.relname || ' ' || con.conname || ': ' || pg_get_constraintdef(con.oid) AS line
       FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = $1 ORDER BY c.relname, con.conname`,
    ],
    ['index', 'SELECT indexdef AS line FROM pg_indexes WHERE schemaname = $1 ORDER BY tablename, indexname'],
    [
      'trigger',
      `SELECT pg_get_triggerdef(t.oid) || ' (enabled ' || t.tgenabled::text || ')' AS line
       FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = $1 AND NOT t.tgisinternal ORDER BY c.relname, t.tgname`,
    ],
    [
      'function',
      `SELECT pg_get_functiondef(p.oid) AS line FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
       WHERE n.nspname = $1 ORDER BY p.proname`,
    ],
    [
      'statistics',
      `SELECT c.relname || '.' || a.attname || ' ' || a.attstattarget::text AS line
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = $1 AND a.attstattarget > 0 ORDER BY c.relname, a.attname`,
    ],
  ];
  const lines: string[] = [];
  for (const [kind, sql] of sections) {
    const { rows } = await client.query<{ line: string }>(sql, [schema]);
    for (const row of rows) lines.push(`${kind} ${oneLine(row.line).split(schema).join('<schema>')}`);
  }
  return lines.join('\n') + '\n';
}

/**
 * Compares with a committed snapshot; UPDATE_SCHEMA_SNAPSHOTS=1 writes it instead, for a new migration
 * (review the difference: it is the schema change the migration makes).
 */
export function expectSchemaSnapshot(actual: string, file: string): void {
  if (process.env.UPDATE_SCHEMA_SNAPSHOTS === '1') writeFileSync(file, actual);
  expect(actual).toBe(readFileSync(file, 'utf8'));
}
