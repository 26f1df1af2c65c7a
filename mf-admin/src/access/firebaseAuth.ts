/**
 * The one place that pulls in the Firebase Auth SDK, reached only by dynamic import from
 * useStaffAccess.ts, so it is fetched on /admin and nowhere else. The app is named as the account
 * remote names its own ('mf-account', mf-account/src/firebase/accountService.ts): the SDK keeps a
 * sign-in per API key and app name, so this finds the one the shopper or staff member made on /login.
 */
import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  signInWithEmailAndPassword,
  indexedDBLocalPersistence,
  inMemoryPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import { accessOf } from './access.ts';
import { APP_CONFIG_PATH, authConfigFrom } from './authConfig.ts';

const ACCOUNT_APP_NAME = 'mf-account';

export interface StaffSignIn {
  /** The signed-in user with the claims of a freshly issued ID token, or null when nobody is signed in. */
  user(): Promise<{ email: string | null; claims: Record<string, unknown> } | null>;
  /** The user's ID token; `fresh` asks for a new one. */
  token(fresh: boolean): Promise<string>;
  /** Signs in on this origin: for the standalone harness, which has no /login of its own. */
  signIn(email: string, password: string): Promise<void>;
}

async function loadAuth(): Promise<Auth> {
  const response = await fetch(APP_CONFIG_PATH, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${APP_CONFIG_PATH} answered ${response.status}`);
  const config = authConfigFrom(await response.json());
  const app: FirebaseApp = initializeApp(
    {
      apiKey: config.apiKey,
      projectId: config.projectId,
      ...(config.authDomain ? { authDomain: config.authDomain } : {}),
      ...(config.appId ? { appId: config.appId } : {}),
    },
    ACCOUNT_APP_NAME,
  );
  const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence, inMemoryPersistence] });
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  await auth.authStateReady();
  return auth;
}

let pending: Promise<Auth> | undefined;

function auth(): Promise<Auth> {
  pending ??= loadAuth();
  pending.catch(() => {
    pending = undefined;
  });
  return pending;
}

export const staffSignIn: StaffSignIn = {
  async user() {
    const current = (await auth()).currentUser;
    if (!current) return null;
    // A fresh token: a role granted or revoked since the last one shows at once.
    const result = await current.getIdTokenResult(true);
    return { email: current.email, claims: result.claims };
  },
  async token(fresh) {
    const current = (await auth()).currentUser;
    if (!current) throw new Error('You are signed out; sign in again');
    if (!fresh) {
      // The account remote's own copy of the SDK shares this sign-in through IndexedDB and may hand
      // back the token it got at sign-in, from before the role was granted: only one with the role will do.
      const held = await current.getIdTokenResult();
      if (accessOf({ email: current.email, claims: held.claims }).kind === 'staff') return held.token;
    }
    return current.getIdToken(true);
  },
  async signIn(email, password) {
    await signInWithEmailAndPassword(await auth(), email, password);
  },
};
