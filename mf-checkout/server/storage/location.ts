import path from 'node:path';

/** Where the orders are, from the storage part of the service's configuration alone (no secrets needed). */
export type StorageLocation = { databaseUrl: string | undefined; sqlitePath: string };

export class StorageConfigError extends Error {}

/** DATABASE_URL, else SQLITE_PATH, else orders.db under DATA_DIR (default `.data` in the repository, as `npm start`). */
export function storageFrom(env: NodeJS.ProcessEnv): StorageLocation {
  const set = (name: string) => (env[name] === '' ? undefined : env[name]);
  const databaseUrl = set('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\/\S+$/.test(databaseUrl)) {
    throw new StorageConfigError('Invalid checkout service configuration: DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
  const sqlitePath = set('SQLITE_PATH') ?? path.join(path.resolve(repoRoot, set('DATA_DIR') ?? '.data'), 'orders.db');
  return { databaseUrl, sqlitePath };
}
