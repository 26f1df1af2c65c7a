// The schema a catalogue database has, as normalised text: the upgrade test compares it with the
// committed snapshots (schema.sqlite.snapshot, schema.postgres.snapshot) of what the migrations make.
import { readFileSync, writeFileSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import type pg from 'pg';

const oneLine = (sql: string | null): string => (sql ?? '(implicit)').replace(/\s+/g, ' ').trim();

/** Every table, index, trigger and search shadow table, as SQLite records it (statistics left out: they are data). */
export function sqliteSchema(db: DatabaseSync): string {
  const rows = db.prepare("SELECT type, name, tbl_name AS tableName, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_stat%' ORDER BY type, name").all() as {
    type: string;
    name: string;
    tableName: string;
    sql: string | null;
  }[];
  return rows.map((row) => `${row.type} ${row.name} on ${row.tableName}: ${oneLine(row.sql)}`).join('\n') + '\n';
}

/** Columns, constraints, indexes, triggers, functions and statistics targets of one schema, its name written <schema>. */
export async function postgresSchema(client: pg.Pool | pg.PoolClient | pg.Client, schema: string): Promise<string> {
  const sections: [string, string, string[]][] = [
    [
      'column',
      `SELECT table_name || '.' || column_name || ' ' || data_type || CASE WHEN is_nullable = 'NO' THEN ' not null' ELSE '' END
         || COALESCE(' default ' || column_default, '') AS line
       FROM information_schema.columns WHERE table_schema = $1 ORDER BY table_name, ordinal_position`,
      [schema],
    ],
    [
      'constraint',
      `SELECT c.relname || ' ' || con.conname || ': ' || pg_get_constraintdef(con.oid) AS line
       FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = $1 ORDER BY c.relname, con.conname`,
      [schema],
    ],
    ['index', 'SELECT indexdef AS line FROM pg_indexes WHERE schemaname = $1 ORDER BY tablename, indexname', [schema]],
    [
      'trigger',
      `SELECT pg_get_triggerdef(t.oid) || ' (enabled ' || t.tgenabled::text || ')' AS line
       FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = $1 AND NOT t.tgisinternal ORDER BY c.relname, t.tgname`,
      [schema],
    ],
    [
      'function',
      `SELECT pg_get_functiondef(p.oid) AS line FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
       WHERE n.nspname = $1 ORDER BY p.proname`,
      [schema],
    ],
    [
      'statistics',
      `SELECT c.relname || '.' || a.attname || ' ' || a.attstattarget::text AS line
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = $1 AND a.attstattarget > 0 ORDER BY c.relname, a.attname`,
      [schema],
    ],
  ];
  const lines: string[] = [];
  for (const [kind, sql, values] of sections) {
    const { rows } = await client.query<{ line: string }>(sql, values);
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
