// The catalogue's migrations name the runner here; it is service-kit's, shared by every store (decision 0045).
export { migratePostgres, migrateSqlite, SchemaTooNewError, type Migration, type MigrationReport } from 'service-kit/migrations';
