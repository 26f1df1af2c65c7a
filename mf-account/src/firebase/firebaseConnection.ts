/**
 * Opens (and closes) the Firebase app behind an account service: Auth with the chosen persistence,
 * the Realtime Database, and the local emulators when the runtime config names them.
 */
import { deleteApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  inMemoryPersistence,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
  type Persistence,
} from 'firebase/auth';
import { connectDatabaseEmulator, getDatabase, type Database } from 'firebase/database';
import type { AccountServiceOptions } from './accountTypes.ts';
import type { FirebaseRuntimeConfig } from './config.ts';

export interface FirebaseConnection {
  app: FirebaseApp;
  auth: Auth;
  db: Database;
}

function splitHost(hostAndPort: string): { host: string; port: number } {
  const i = hostAndPort.lastIndexOf(':');
  return { host: hostAndPort.slice(0, i).replace(/^\[(.*)\]$/, '$1'), port: Number(hostAndPort.slice(i + 1)) };
}

function persistenceFor(kind: AccountServiceOptions['persistence']): Persistence[] {
  switch (kind ?? 'local') {
    case 'memory':
      return [inMemoryPersistence];
    case 'session':
      return [browserSessionPersistence, inMemoryPersistence];
    default:
      // The first one available wins (no IndexedDB/localStorage in Node: memory).
      return [indexedDBLocalPersistence, browserLocalPersistence, inMemoryPersistence];
  }
}

/**
 * The database SDK marks WebSockets as failed in localStorage when it opens one and clears the
 * mark once the connection proves healthy; a page left before that (a quick navigation while the
 * sign-in token is checked) leaves the mark, and every later page of the shop then starts with
 * long polling. Long polling loads scripts from the database's origin, which the shop's CSP
 * forbids, so such a page would get no data at all: WebSocket is the only transport that works here.
 */
function forgetWebSocketFailure(): void {
  try {
    globalThis.localStorage?.removeItem('firebase:previous_websocket_failure');
  } catch {
    // Storage blocked: the SDK then keeps its own marks in memory, per page.
  }
}

/**
 * deleteApp() leaves the Auth SDK's proactive token-refresh timer running when the database had
 * subscribed to token changes (firebase 12), which keeps a Node process (jest) alive for up to an hour.
 * Stop it through the SDK's internal hook when present; harmless in browsers.
 */
export function releaseAuthTimers(auth: Auth): void {
  (auth as unknown as { _stopProactiveRefresh?: () => void })._stopProactiveRefresh?.();
}

/** Starts the named Firebase app with Auth and the database, connected to the emulators the config names. */
export function connectFirebase(config: FirebaseRuntimeConfig, appName: string, persistence: AccountServiceOptions['persistence']): FirebaseConnection {
  if (getApps().some((a) => a.name === appName)) {
    throw new Error(`An account service named "${appName}" already exists; dispose() it first or pass another appName.`);
  }
  const app: FirebaseApp = initializeApp(
    {
      apiKey: config.apiKey,
      projectId: config.projectId,
      databaseURL: config.databaseURL,
      ...(config.authDomain ? { authDomain: config.authDomain } : {}),
      ...(config.appId ? { appId: config.appId } : {}),
    },
    appName,
  );
  const auth: Auth = initializeAuth(app, { persistence: persistenceFor(persistence) });
  if (config.authEmulatorHost) connectAuthEmulator(auth, `http://${config.authEmulatorHost}`, { disableWarnings: true });
  forgetWebSocketFailure();
  const db: Database = getDatabase(app);
  if (config.databaseEmulatorHost) {
    const { host, port } = splitHost(config.databaseEmulatorHost);
    connectDatabaseEmulator(db, host, port);
  }
  return { app, auth, db };
}

/** Releases the Firebase app (connections, timers). */
export async function disconnectFirebase({ app, auth }: FirebaseConnection): Promise<void> {
  await deleteApp(app);
  releaseAuthTimers(auth);
}
