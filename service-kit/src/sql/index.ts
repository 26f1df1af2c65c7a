// One query layer for both engines (decision 0045): Kysely on node:sqlite and on PostgreSQL, and the engine differences.
export { NodeSqliteDialect } from './nodeSqlite.ts';
export { preparedQuery, type SlotOf } from './prepared.ts';
export {
  postgresDatabase,
  postgresEngine,
  readFlag,
  readInstant,
  readJson,
  sqliteDatabase,
  sqliteEngine,
  type Engine,
  type Lockable,
  type SqlDatabase,
} from './engine.ts';
