/** Accounts on the local Auth service for tests (not shipped): made and signed in over its REST API, as the web SDK does. */
import { randomUUID } from 'node:crypto';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

async function accountCall(authUrl: string, call: 'signUp' | 'signInWithPassword', email: string, password: string) {
  const response = await fetch(`${authUrl}/identitytoolkit.googleapis.com/v1/accounts:${call}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { localId?: string; idToken?: string; error?: { message?: string } };
  if (!response.ok || !body.localId || !body.idToken) throw new Error(`accounts:${call} failed: ${response.status} ${body.error?.message ?? ''}`);
  return { uid: body.localId, idToken: body.idToken };
}

/** Creates an account (identitytoolkit accounts:signUp). */
export const signUp = (authUrl: string, email: string, password: string) => accountCall(authUrl, 'signUp', email, password);

/** Signs an account in (identitytoolkit accounts:signInWithPassword). */
export const signIn = (authUrl: string, email: string, password: string) => accountCall(authUrl, 'signInWithPassword', email, password);
