/** Helpers for tests that run against the real local backends (not shipped). */
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, inMemoryPersistence, initializeAuth, signInWithEmailAndPassword, type Auth } from 'firebase/auth';
import { connectDatabaseEmulator, getDatabase, type Database } from 'firebase/database';
import { releaseAuthTimers } from '../../src/firebase/accountService.ts';
import type { RunningAccountBackends } from '../../../stand-ins/firebase/index.ts';

export interface TestClient {
  app: FirebaseApp;
  auth: Auth;
  db: Database;
  close(): Promise<void>;
}

/** A firebase@12 web-SDK client wired to the local backends; signed in when credentials are given. */
export async function testClient(backends: RunningAccountBackends, credentials?: { email: string; password: string }): Promise<TestClient> {
  const app = initializeApp({ apiKey: 'demo-api-key', projectId: backends.projectId, databaseURL: backends.database.url }, `test-${randomUUID()}`);
  const auth = initializeAuth(app, { persistence: inMemoryPersistence });
  connectAuthEmulator(auth, backends.auth.url, { disableWarnings: true });
  const db = getDatabase(app);
  connectDatabaseEmulator(db, backends.database.host, backends.database.port);
  if (credentials) await signInWithEmailAndPassword(auth, credentials.email, credentials.password);
  return {
    app,
    auth,
    db,
    close: async () => {
      await deleteApp(app);
      releaseAuthTimers(auth);
    },
  };
}

/** Resolves with the error message a promise rejects with; fails if it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<Error & { code?: string; kind?: string }> {
  try {
    await promise;
  } catch (e) {
    return e as Error & { code?: string; kind?: string };
  }
  throw new Error('expected a rejection, got success');
}
