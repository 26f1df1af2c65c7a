import type pg from 'pg';
import type { Migration } from 'service-kit/migrations';
import * as initial from './0001-initial.ts';

/**
 * The PostgreSQL registry's migrations, oldest first; append only. The embedded default keeps the
 * registry as a JSON file validated on every read, which needs no migrations.
 */
const all = [initial];

/** Name of the registry store in schema_migrations. */
export const STORE = 'registry';

export const postgresMigrations: readonly Migration<pg.PoolClient>[] = all.map((migration) => migration.postgres);
