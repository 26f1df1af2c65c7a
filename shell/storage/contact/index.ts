import type { DatabaseSync } from 'node:sqlite';
import type pg from 'pg';
import type { Migration } from 'service-kit/migrations';
import * as initial from './0001-initial.ts';

/** The contact store's migrations, oldest first. Append only: a released migration is never edited or removed. */
const all = [initial];

/** Name of the contact store in schema_migrations. */
export const STORE = 'contact';

export const sqliteMigrations: readonly Migration<DatabaseSync>[] = all.map((migration) => migration.sqlite);
export const postgresMigrations: readonly Migration<pg.PoolClient>[] = all.map((migration) => migration.postgres);
