import type { DatabaseSync } from 'node:sqlite';
import type pg from 'pg';
import * as initial from './0001-initial.ts';
import * as orderLifecycle from './0002-order-lifecycle.ts';
import * as staffOrders from './0003-staff-orders.ts';
import * as outbox from './0004-outbox.ts';
import * as outboxSentIndex from './0005-outbox-sent-index.ts';
import type { Migration } from 'service-kit/migrations';

/** The orders store's migrations, oldest first. Append only: a released migration is never edited or removed. */
const all = [initial, orderLifecycle, staffOrders, outbox, outboxSentIndex];

/** Name of the orders store in schema_migrations. */
export const STORE = 'orders';

export const sqliteMigrations: readonly Migration<DatabaseSync>[] = all.map((migration) => migration.sqlite);
export const postgresMigrations: readonly Migration<pg.PoolClient>[] = all.map((migration) => migration.postgres);
