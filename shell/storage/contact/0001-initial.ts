import type { DatabaseSync } from 'node:sqlite';
import type pg from 'pg';
import type { Migration } from 'service-kit/migrations';

/**
 * contact_messages as the gateways before versioned migrations created it. IF NOT EXISTS, so a
 * database made by them gains only what is missing and is then recorded.
 */
export const sqlite: Migration<DatabaseSync> = {
  name: '0001-initial',
  up: (db) =>
    db.exec(`create table if not exists contact_messages (
      id integer primary key,
      name text not null,
      email text not null,
      message text not null,
      created_at text not null default (datetime('now'))
    )`),
};

export const postgres: Migration<pg.PoolClient> = {
  name: '0001-initial',
  up: async (client) => {
    await client.query(`create table if not exists contact_messages (
      id bigserial primary key,
      name text not null,
      email text not null,
      message text not null,
      created_at timestamptz not null default now()
    )`);
  },
};
