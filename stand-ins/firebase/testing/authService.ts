// The local Auth service (the emulator behind its token-checking proxy) for other packages' tests (the
// checkout service's), so every service is tested against the same thing.
import { startAuthEmulator as startLocalAuth } from '../index.ts';
import { signIn, signUp } from './accounts.ts';

export interface AuthEmulator {
  /** Where the checkout service asks whether a token is genuine (FIREBASE_AUTH_VERIFY_URL). */
  verifyUrl: string;
  /** host:port of its Identity Toolkit REST API (FIREBASE_AUTH_EMULATOR_HOST). */
  hostAndPort: string;
  /** What its admin API asks for (FIREBASE_AUTH_EMULATOR_SECRET). */
  adminSecret: string;
  signUp(email: string, password: string): Promise<{ uid: string; idToken: string }>;
  signIn(email: string, password: string): Promise<{ uid: string; idToken: string }>;
  stop(): Promise<void>;
}

export async function startAuthEmulator(projectId = 'demo-storefront'): Promise<AuthEmulator> {
  const auth = await startLocalAuth({ port: 0, projectId });
  return {
    verifyUrl: auth.verifyUrl,
    hostAndPort: auth.hostAndPort,
    adminSecret: auth.adminSecret,
    signUp: (email, password) => signUp(auth.url, email, password),
    signIn: (email, password) => signIn(auth.url, email, password),
    stop: auth.stop,
  };
}
