/** Helpers for tests that run against the real local backends (not shipped). */
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, inMemoryPersistence, initializeAuth, signInWithEmailAndPassword, type Auth } from 'firebase/auth';
import { connectDatabaseEmulator, getDatabase, type Database } from 'firebase/database';
import { releaseAuthTimers } from '../../src/firebase/accountService.ts';
import type { RunningAccountBackends } from '../emulators/index.ts';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Creates an account through the Auth emulator's REST API (identitytoolkit accounts:signUp). */
export async function createEmulatorUser(authUrl: string, email: string, password: string): Promise<{ uid: string; idToken: string }> {
  const res = await fetch(`${authUrl}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await res.json()) as { localId?: string; idToken?: string; error?: { message?: string } };
  if (!res.ok || !body.localId || !body.idToken) throw new Error(`accounts:signUp failed: ${res.status} ${body.error?.message ?? ''}`);
  return { uid: body.localId, idToken: body.idToken };
}

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
