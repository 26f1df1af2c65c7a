import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { postgresMigrations, sqliteMigrations, STORE } from '../../storage/contact/index.ts';
import { migratePostgres, migrateSqlite } from 'service-kit/migrations';

export type ContactMessage = { name: string; email: string; message: string };

export interface ContactStore {
  save(message: ContactMessage): Promise<number>;
  count(): Promise<number>;
  close(): Promise<void>;
}

/**
 * Where contact messages land: PostgreSQL when the gateway has DATABASE_URL (every gateway instance
 * writes to the one table the team reads), otherwise a small SQLite file next to the gateway. The
 * file is migrated as it opens, so a file a newer release migrated stops the gateway at start.
 */
export async function openContactStore(options: { databaseUrl?: string | undefined; sqliteFile: string }): Promise<ContactStore> {
  return options.databaseUrl ? openPostgresContactStore(options.databaseUrl) : openSqliteContactStore(options.sqliteFile);
}

async function openSqliteContactStore(file: string): Promise<ContactStore> {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  // Gateway workers (GATEWAY_WORKERS) open and write it at once: wait for one another's locks.
  const db = new DatabaseSync(file, { timeout: 5000 });
  try {
    await migrateSqlite(db, STORE, sqliteMigrations);
  } catch (error) {
    db.close();
    throw error;
  }
  const insert = db.prepare('insert into contact_messages (name, email, message) values (?, ?, ?)');
  const count = db.prepare('select count(*) as n from contact_messages');
  return {
    async save(message) {
      return Number(insert.run(message.name, message.email, message.message).lastInsertRowid);
    },
    async count() {
      return Number((count.get() as { n: number }).n);
    },
    async close() {
      db.close();
    },
  };
}

function openPostgresContactStore(databaseUrl: string): ContactStore {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  // Made on first use, so a gateway starts even while the database is still coming up.
  let ready: Promise<unknown> | undefined;
  const schema = () =>
    (ready ??= migratePostgres(pool, STORE, postgresMigrations).catch((error: unknown) => {
      ready = undefined;
      throw error;
    }));
  return {
    async save(message) {
      await schema();
      const result = await pool.query<{ id: string }>('insert into contact_messages (name, email, message) values ($1, $2, $3) returning id', [
        message.name,
        message.email,
        message.message,
      ]);
      return Number(result.rows[0]!.id);
    },
    async count() {
      await schema();
      return Number((await pool.query<{ n: string }>('select count(*) as n from contact_messages')).rows[0]!.n);
    },
    async close() {
      await pool.end();
    },
  };
}
