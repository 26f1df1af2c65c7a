import { fileRegistry, postgresRegistry, type RegistryStore } from './registryStore.ts';

/**
 * The registry every process of one shop shares: PostgreSQL when DATABASE_URL is set (several
 * gateway instances), else the file beside the releases (the embedded default).
 */
export async function openRegistry(
  settings: { releasesDir: string; databaseUrl?: string | undefined },
  options: { listen?: boolean } = {},
): Promise<RegistryStore> {
  return settings.databaseUrl ? postgresRegistry(settings.databaseUrl, { listen: options.listen ?? false }) : fileRegistry(settings.releasesDir);
}
