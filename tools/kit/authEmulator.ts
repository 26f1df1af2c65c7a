// The account team's launcher of the local Auth service (the emulator behind its token-checking
// proxy), for other packages' tests (the checkout service's), so every service is tested against the
// same thing; it lives in tools/ because only development-time code imports across packages (decision 0002).
import { startAuthEmulator as startAccountAuth } from '../../mf-account/server/emulators/index.ts';

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
  const auth = await startAccountAuth({ port: 0, projectId });
  async function account(call: 'signUp' | 'signInWithPassword', email: string, password: string) {
    const response = await fetch(`${auth.url}/identitytoolkit.googleapis.com/v1/accounts:${call}?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    });
    const body = (await response.json()) as { localId?: string; idToken?: string };
    if (!response.ok || !body.localId || !body.idToken) throw new Error(`${call} failed: ${response.status}`);
    return { uid: body.localId, idToken: body.idToken };
  }
  return {
    verifyUrl: auth.verifyUrl,
    hostAndPort: auth.hostAndPort,
    adminSecret: auth.adminSecret,
    signUp: (email, password) => account('signUp', email, password),
    signIn: (email, password) => account('signInWithPassword', email, password),
    stop: auth.stop,
  };
}
