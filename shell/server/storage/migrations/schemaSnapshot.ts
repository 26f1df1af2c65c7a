import type { DatabaseSync } from 'node:sqlite';
import type pg from 'pg';

/**
 * The schema of a database as comparable text, one object per line: what the upgrade tests hold
 * against the committed schema.*.snapshot files. Whitespace inside statements is normalised, since
 * SQLite keeps each CREATE as it was written and older releases wrote them with other indentation.
 */
function squeeze(sql: string): string {
  return sql.replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')').trim();
}

export function sqliteSchema(db: DatabaseSync): string {
  const rows = db.prepare(`SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY tbl_name, type DESC, name`).all() as {
    type: string;
    name: string;
    tbl_name: string;
    sql: string | null;
  }[];
  // A rebuilt table keeps the quotes SQLite's RENAME put around its name: the same table either way.
  return (
    rows
      .map((row) => `${row.type} ${row.name} on ${row.tbl_name}: ${squeeze(row.sql ?? '(implicit)').replace(/^CREATE TABLE "(\w+)"/, 'CREATE TABLE $1')}`)
      .join('\n') + '\n'
  );
}

/** Tables, columns, constraints and indexes of one PostgreSQL schema, without its name. */
export async function postgresSchema(client: pg.Pool | pg.PoolClient | pg.Client, schema: string): Promise<string> {
  const columns = await client.query<Record<string, string | null>>(
    `SELECT table_name, column_name, data_type, is_nullable, column_default, is_identity, identity_generation, identity_start
     FROM information_schema.columns WHERE table_schema = $1 ORDER BY table_name, ordinal_position`,
    [schema],
  );
  const constraints = await client.query<{ table_name: string; conname: string; definition: string }>(
    `SELECT c.relname AS table_name, con.conname, pg_get_constraintdef(con.oid) AS definition
     FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 ORDER BY c.relname, con.conname`,
    [schema],
  );
  const indexes = await client.query<{ tablename: string; indexname: string; indexdef: string }>(
    'SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = $1 ORDER BY tablename, indexname',
    [schema],
  );
  const unqualified = (text: string) => text.replaceAll(`${schema}.`, '');
  const lines = [
    ...columns.rows.map((c) =>
      [
        `column ${c.table_name}.${c.column_name}: ${c.data_type}`,
        c.is_nullable === 'NO' ? 'not null' : 'null',
        c.column_default && `default ${unqualified(c.column_default)}`,
        c.is_identity === 'YES' && `identity ${c.identity_generation} start ${c.identity_start}`,
      ]
        .filter(Boolean)
        .join(' '),
    ),
    ...constraints.rows.map((c) => `constraint ${c.table_name}.${c.conname}: ${unqualified(c.definition)}`),
    ...indexes.rows.map((i) => `index ${i.tablename}.${i.indexname}: ${unqualified(i.indexdef)}`),
  ];
  return lines.join('\n') + '\n';
}
