import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { createTestSchema } from '../testing/postgresSchema.ts';
import { migratePostgres, migrateSqlite, SchemaTooNewError, type Migration } from './runner.ts';

const sqliteMigrations: Migration<DatabaseSync>[] = [
  { name: '0001-notes', up: (db) => db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)') },
  { name: '0002-notes-author', up: (db) => db.exec("ALTER TABLE notes ADD COLUMN author TEXT NOT NULL DEFAULT 'nobody'") },
];

describe('migrations on SQLite', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('applies what is pending, once, and keeps the data of earlier steps', async () => {
    const file = path.join(dir, 'store.db');
    const first = new DatabaseSync(file);
    expect(await migrateSqlite(first, 'notes', sqliteMigrations.slice(0, 1))).toEqual({ store: 'notes', applied: ['0001-notes'] });
    first.prepare('INSERT INTO notes (body) VALUES (?)').run('kept');
    first.close();

    const second = new DatabaseSync(file);
    expect(await migrateSqlite(second, 'notes', sqliteMigrations)).toEqual({ store: 'notes', applied: ['0002-notes-author'] });
    expect(await migrateSqlite(second, 'notes', sqliteMigrations)).toEqual({ store: 'notes', applied: [] });
    expect(second.prepare('SELECT body, author FROM notes').all()).toEqual([{ body: 'kept', author: 'nobody' }]);
    second.close();
  });

  test('a failing migration leaves the schema and the record as they were', async () => {
    const db = new DatabaseSync(path.join(dir, 'store.db'));
    const failing: Migration<DatabaseSync> = {
      name: '0002-broken',
      up: (handle) => {
        handle.exec('ALTER TABLE notes ADD COLUMN half TEXT');
        throw new Error('disk on fire');
      },
    };
    await migrateSqlite(db, 'notes', sqliteMigrations.slice(0, 1));
    await expect(migrateSqlite(db, 'notes', [sqliteMigrations[0]!, failing])).rejects.toThrow('disk on fire');
    const columns = (db.prepare('PRAGMA table_info(notes)').all() as { name: string }[]).map((column) => column.name);
    expect(columns).toEqual(['id', 'body']);
    expect(await migrateSqlite(db, 'notes', sqliteMigrations)).toEqual({ store: 'notes', applied: ['0002-notes-author'] });
    db.close();
  });

  test('a database migrated by a newer release refuses an older one in one line', async () => {
    const db = new DatabaseSync(path.join(dir, 'store.db'));
    await migrateSqlite(db, 'notes', sqliteMigrations);
    const error = await migrateSqlite(db, 'notes', sqliteMigrations.slice(0, 1)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SchemaTooNewError);
    expect((error as Error).message).toMatch(/^the notes database has migration 0002-notes-author, which this release does not know/);
    expect((error as Error).message).not.toContain('\n');
    db.close();
  });

  test('stores of one file keep separate records', async () => {
    const db = new DatabaseSync(path.join(dir, 'store.db'));
    await migrateSqlite(db, 'notes', sqliteMigrations);
    const other = await migrateSqlite(db, 'tags', [{ name: '0001-tags', up: (handle) => handle.exec('CREATE TABLE tags (name TEXT)') }]);
    expect(other.applied).toEqual(['0001-tags']);
    db.close();
  });
});

describe('migrations on PostgreSQL', () => {
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  const pools: pg.Pool[] = [];
  const pool = () => {
    const opened = new pg.Pool({ connectionString: schema.url, options: `-c search_path=${schema.schema}`, max: 2 });
    pools.push(opened);
    return opened;
  };
  const migrations: Migration<pg.PoolClient>[] = [
    { name: '0001-notes', up: async (client) => void (await client.query('CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL)')) },
    { name: '0002-notes-author', up: async (client) => void (await client.query("ALTER TABLE notes ADD COLUMN author text NOT NULL DEFAULT 'nobody'")) },
  ];

  beforeEach(async () => {
    schema = await createTestSchema();
  });
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((opened) => opened.end()));
    await schema.drop();
  });

  test('instances starting together apply each migration once', async () => {
    const reports = await Promise.all([pool(), pool(), pool()].map((opened) => migratePostgres(opened, 'notes', migrations)));
    expect(reports.flatMap((report) => report.applied).sort()).toEqual(['0001-notes', '0002-notes-author']);
    const { rows } = await pool().query('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows.map((row) => row.name)).toEqual(['0001-notes', '0002-notes-author']);
  });

  test('a failing migration rolls back the run, and a newer database refuses an older release', async () => {
    const opened = pool();
    const failing = { name: '0002-broken', up: async () => Promise.reject(new Error('disk on fire')) };
    await expect(migratePostgres(opened, 'notes', [migrations[0]!, failing])).rejects.toThrow('disk on fire');
    const tables = await opened.query("SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'notes'");
    expect(tables.rowCount).toBe(0);
    await migratePostgres(opened, 'notes', migrations);
    await expect(migratePostgres(opened, 'notes', migrations.slice(0, 1))).rejects.toThrow(SchemaTooNewError);
  });
});
