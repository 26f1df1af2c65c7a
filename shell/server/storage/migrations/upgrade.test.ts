import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { promote, rollback } from '../../../releases/registry.ts';
import { postgresRegistry } from '../../../releases/registryStore.ts';
import { openContactStore } from '../../contact/contactStore.ts';
import { createTestSchema } from '../../../storage/testSchema.ts';
import { expectSchemaSnapshot, postgresSchema, sqliteSchema } from '../../../../tools/kit/schemaSnapshot.ts';

/**
 * The previous release's contact messages and release registry, made by its own code
 * (fixtures/make.ts), opened by this release through the gateway's normal open paths: the schema
 * must become the committed snapshot, every record must keep its values, and the stores must work on
 * them. A fresh database must reach the same schema. After a deliberate schema change, rewrite the
 * snapshots with UPDATE_SCHEMA_SNAPSHOTS=1 and review the diff.
 */
const fixtures = path.join(__dirname, 'fixtures');
const snapshot = (backend: string) => path.join(__dirname, `schema.${backend}.snapshot`);
const expectSnapshot = (backend: string, actual: string) => expectSchemaSnapshot(actual, snapshot(backend));

const newMessage = { name: 'Barbara Liskov', email: 'barbara@example.com', message: 'Is the kettle back in stock?' };

describe('gateway stores: upgrade from the previous release on SQLite (contact messages)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'shell-upgrade-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const read = (file: string, sql: string) => {
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      return db.prepare(sql).all();
    } finally {
      db.close();
    }
  };

  test('keeps every message, reaches the current schema and takes new ones', async () => {
    const file = path.join(dir, 'contact.db');
    copyFileSync(path.join(fixtures, 'contact.previous.sqlite'), file);
    const before = read(file, 'SELECT * FROM contact_messages ORDER BY id');
    expect(before.map((row) => row.email)).toEqual(['ada@example.com', 'grace@example.com', 'alan@example.com']);

    const store = await openContactStore({ sqliteFile: file });
    try {
      expect(await store.count()).toBe(3);
      expect(await store.save(newMessage)).toBe(4);
    } finally {
      await store.close();
    }
    expect(read(file, 'SELECT * FROM contact_messages WHERE id <= 3 ORDER BY id')).toEqual(before);
    expect(read(file, `SELECT name FROM schema_migrations WHERE store = 'contact'`)).toEqual([{ name: '0001-initial' }]);
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      expectSnapshot('sqlite', sqliteSchema(db));
    } finally {
      db.close();
    }
  });

  test('a file migrated by a newer release stops the store from opening, in one line', async () => {
    const file = path.join(dir, 'newer.db');
    await (await openContactStore({ sqliteFile: file })).close();
    const db = new DatabaseSync(file);
    db.prepare(`INSERT INTO schema_migrations (store, name, applied_at) VALUES ('contact', '0002-from-the-future', ?)`).run(new Date().toISOString());
    db.close();
    await expect(openContactStore({ sqliteFile: file })).rejects.toThrow(
      /^the contact database has migration 0002-from-the-future, which this release does not know/,
    );
  });

  test('a new database gets the same schema', async () => {
    const file = path.join(dir, 'fresh.db');
    const store = await openContactStore({ sqliteFile: file });
    expect(await store.count()).toBe(0);
    await store.close();
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      expectSnapshot('sqlite', sqliteSchema(db));
    } finally {
      db.close();
    }
  });
});

describe('gateway stores: upgrade from the previous release on PostgreSQL (contact messages, release registry)', () => {
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let admin: pg.Client;

  beforeEach(async () => {
    schema = await createTestSchema();
    admin = new pg.Client({ connectionString: schema.databaseUrl });
    await admin.connect();
  });
  afterEach(async () => {
    await admin.end();
    await schema.drop();
  });

  test('keeps every message and the registry with its live releases, canary and history; both stores work', async () => {
    await admin.query(readFileSync(path.join(fixtures, 'shell.previous.pg.sql'), 'utf8').replaceAll('__SCHEMA__', schema.schema));
    await admin.query(`SET search_path = ${schema.schema}`);
    const messages = (await admin.query('SELECT * FROM contact_messages ORDER BY id')).rows;
    const [registryRow] = (await admin.query('SELECT * FROM release_registry')).rows;
    expect(messages).toHaveLength(3);
    expect(registryRow.state.version).toBe(5);

    const registry = await postgresRegistry(schema.databaseUrl, { listen: false });
    const contact = await openContactStore({ databaseUrl: schema.databaseUrl, sqliteFile: ':memory:' });
    try {
      expect(registry.current()).toEqual(registryRow.state);
      expect(registry.current().remotes.checkout).toMatchObject({ live: { id: '2.0.0-99bb01' }, canary: { id: '2.1.0-77cc02', percent: 10 } });
      expect(await contact.count()).toBe(3);
      expect((await admin.query('SELECT * FROM contact_messages ORDER BY id')).rows).toEqual(messages);
      expectSnapshot('postgres', await postgresSchema(admin, schema.schema));
      expect((await admin.query('SELECT store, name FROM schema_migrations ORDER BY store, name')).rows).toEqual([
        { store: 'contact', name: '0001-initial' },
        { store: 'registry', name: '0001-initial' },
      ]);

      expect(await contact.save(newMessage)).toBe(4);
      const rolledBack = await registry.update((state) => rollback(state, { remote: 'catalog', by: 'catalog-team', at: new Date() }));
      expect(rolledBack.remotes.catalog?.live?.id).toBe('1.0.0-d4e5f6');
      const promoted = await registry.update((state) =>
        promote(
          state,
          { id: '1.2.0-abcdef', manifest: '/releases/catalog/1.2.0-abcdef/mf-manifest.json' },
          { remote: 'catalog', by: 'catalog-team', at: new Date() },
        ),
      );
      expect(promoted.version).toBe(7);
      expect(promoted.history).toHaveLength(7);
      expect(promoted.history.slice(0, 5)).toEqual(registryRow.state.history);
    } finally {
      await contact.close();
      await registry.close();
    }
  });

  test('a new database gets the same schema', async () => {
    const registry = await postgresRegistry(schema.databaseUrl, { listen: false });
    const contact = await openContactStore({ databaseUrl: schema.databaseUrl, sqliteFile: ':memory:' });
    expect(await contact.count()).toBe(0);
    expect(registry.current()).toEqual({ version: 0, remotes: {}, history: [] });
    await contact.close();
    await registry.close();
    expectSnapshot('postgres', await postgresSchema(admin, schema.schema));
  });
});
