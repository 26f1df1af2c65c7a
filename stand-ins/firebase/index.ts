/**
 * The local Firebase, the shop's stand-in for Firebase Auth and the Realtime Database (npm start, the tests
 * and the container profile):
 *  - startAuthEmulator(): the firebase-tools Auth emulator (default 127.0.0.1:9099)
 *  - startDatabaseServer(): a Realtime Database speaking the RTDB protocol, enforcing
 *    database.rules.json with Auth-emulator ID tokens (default 127.0.0.1:9000)
 *  - startAccountBackends(): both, in parallel.
 * Everything binds to loopback; with a data folder, accounts and data survive restarts.
 */
import { startAuthEmulator, type AuthEmulatorOptions, type RunningAuthEmulator } from './authEmulator.ts';
import { startDatabaseServer, type DatabaseServerOptions, type RunningDatabaseServer } from './databaseServer.ts';

export { startAuthEmulator, startDatabaseServer };
export type { AuthEmulatorOptions, RunningAuthEmulator, DatabaseServerOptions, RunningDatabaseServer };
export { defaultRulesPath } from './paths.ts';
/** Where the Auth service answers whether it issued an ID token (server-side callers). */
export { verifyPath } from './authProxy.ts';
/** The Auth service's administrator secret in a data folder (made if missing): what the shop's servers present. */
export { authAdminSecretOf } from 'service-kit/local-admin-secrets';

export interface AccountBackendsOptions {
  /** Default demo-storefront; used by both. */
  projectId?: string;
  auth?: Omit<AuthEmulatorOptions, 'projectId'>;
  database?: Omit<DatabaseServerOptions, 'projectId' | 'authVerifyUrl'>;
}

export interface RunningAccountBackends {
  auth: RunningAuthEmulator;
  database: RunningDatabaseServer;
  projectId: string;
  /** What a browser/SDK client needs (see mf-account/src/firebase/config.ts: FirebaseRuntimeConfig). */
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

/**
 * Starts the Auth emulator, then the database server that checks ID tokens with it; if either fails,
 * stops the other.
 */
export async function startAccountBackends(options: AccountBackendsOptions = {}): Promise<RunningAccountBackends> {
  const projectId = options.projectId ?? 'demo-storefront';
  const auth = await startAuthEmulator({ ...options.auth, projectId });
  let database: RunningDatabaseServer;
  try {
    database = await startDatabaseServer({ ...options.database, projectId, authVerifyUrl: auth.verifyUrl });
  } catch (error) {
    await auth.stop();
    throw error;
  }
  return {
    auth,
    database,
    projectId,
    clientConfig: {
      // The Auth emulator accepts any API key; demo projects have no real one.
      apiKey: 'demo-api-key',
      authDomain: `${projectId}.firebaseapp.com`,
      projectId,
      databaseURL: database.url,
      authEmulatorHost: auth.hostAndPort,
      databaseEmulatorHost: database.hostAndPort,
    },
    stop: async () => {
      await Promise.all([auth.stop(), database.stop()]);
    },
  };
}
