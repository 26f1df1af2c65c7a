/** A shopper's page in a test (not shipped): the firebase web SDK signed in to the local Firebase, as the shop's pages are. */
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, createUserWithEmailAndPassword, inMemoryPersistence, initializeAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { connectDatabaseEmulator, getDatabase, type Database } from 'firebase/database';

export interface LocalFirebaseAddress {
  authUrl: string;
  dbPort: number;
  projectId?: string;
}

/**
 * Signs in (or signs up first) with the web SDK and runs `use` with the shopper's uid and database,
 * then closes the SDK's app.
 */
export async function asShopper<T>(
  { authUrl, dbPort, projectId = 'demo-storefront' }: LocalFirebaseAddress,
  { email, password, signUp = false }: { email: string; password: string; signUp?: boolean },
  use: (uid: string, db: Database) => Promise<T>,
): Promise<T> {
  const app = initializeApp({ apiKey: 'demo-api-key', projectId, databaseURL: `http://127.0.0.1:${dbPort}/?ns=${projectId}` }, `shopper-${randomUUID()}`);
  const auth = initializeAuth(app, { persistence: inMemoryPersistence });
  connectAuthEmulator(auth, authUrl, { disableWarnings: true });
  const db = getDatabase(app);
  connectDatabaseEmulator(db, '127.0.0.1', dbPort);
  try {
    const { user } = signUp ? await createUserWithEmailAndPassword(auth, email, password) : await signInWithEmailAndPassword(auth, email, password);
    return await use(user.uid, db);
  } finally {
    await deleteApp(app);
    // deleteApp leaves the SDK's proactive token refresh subscribed, which keeps jest's process alive for up to an hour.
    (auth as unknown as { _stopProactiveRefresh?: () => void })._stopProactiveRefresh?.();
  }
}
