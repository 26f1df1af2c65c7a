/**
 * Offline Firebase backends for mf-account (and the stack orchestrator):
 *  - startAuthEmulator(): the firebase-tools Auth emulator (default 127.0.0.1:9099)
 *  - startDatabaseServer(): a Realtime Database speaking the RTDB protocol, enforcing
 *    database.rules.json with Auth-emulator ID tokens (default 127.0.0.1:9000)
 *  - startAccountBackends(): both, in parallel.
 * Everything binds to loopback and keeps its data in memory.
 */
import { startAuthEmulator, type AuthEmulatorOptions, type RunningAuthEmulator } from './auth-emulator.ts';
import { startDatabaseServer, type DatabaseServerOptions, type RunningDatabaseServer } from './database-server.ts';

export { startAuthEmulator, startDatabaseServer };
export type { AuthEmulatorOptions, RunningAuthEmulator, DatabaseServerOptions, RunningDatabaseServer };
export { defaultRulesPath } from './paths.ts';

export interface AccountBackendsOptions {
  /** Default demo-storefront; used by both. */
  projectId?: string;
  auth?: Omit<AuthEmulatorOptions, 'projectId'>;
  database?: Omit<DatabaseServerOptions, 'projectId'>;
}

export interface RunningAccountBackends {
  auth: RunningAuthEmulator;
  database: RunningDatabaseServer;
  projectId: string;
  /** What a browser/SDK client needs (see src/firebase/config.ts: FirebaseRuntimeConfig). */
  clientConfig: {
    apiKey: string;
    authDomain: string;
    projectId: string;
    databaseURL: string;
    authEmulatorHost: string;
    databaseEmulatorHost: string;
  };
  stop(): Promise<void>;
}

/** Starts the Auth emulator and the database server together; if either fails, stops the other. */
export async function startAccountBackends(options: AccountBackendsOptions = {}): Promise<RunningAccountBackends> {
  const projectId = options.projectId ?? 'demo-storefront';
  const [auth, database] = await Promise.allSettled([
    startAuthEmulator({ ...options.auth, projectId }),
    startDatabaseServer({ ...options.database, projectId }),
  ]);
  if (auth.status === 'rejected' || database.status === 'rejected') {
    await Promise.all([
      auth.status === 'fulfilled' ? auth.value.stop() : undefined,
      database.status === 'fulfilled' ? database.value.stop() : undefined,
    ]);
    const reasons = [auth, database].filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason));
    throw new Error(reasons.join('\n'));
  }
  return {
    auth: auth.value,
    database: database.value,
    projectId,
    clientConfig: {
      // The Auth emulator accepts any API key; demo projects have no real one.
      apiKey: 'demo-api-key',
      authDomain: `${projectId}.firebaseapp.com`,
      projectId,
      databaseURL: database.value.url,
      authEmulatorHost: auth.value.hostAndPort,
      databaseEmulatorHost: database.value.hostAndPort,
    },
    stop: async () => {
      await Promise.all([auth.value.stop(), database.value.stop()]);
    },
  };
}
