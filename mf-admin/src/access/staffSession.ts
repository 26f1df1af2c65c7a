import type { IdTokenSource } from 'shared-events';
import type { TokenSource } from '../api/staffApi.ts';
import { accessOf, type Access } from './access.ts';

export type LoadIdTokens = () => Promise<IdTokenSource>;

/**
 * The claims in an ID token's payload, {} when it cannot be read. They only choose the screen: the
 * staff API verifies the token itself on every call.
 */
export function tokenClaims(token: string): Readonly<Record<string, unknown>> {
  const payload = token.split('.')[1];
  if (!payload) return {};
  try {
    const binary = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    // The payload is UTF-8: its bytes as %XX, which decodeURIComponent reads as UTF-8.
    const json = decodeURIComponent(binary.replace(/[\s\S]/g, (char) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`));
    const claims: unknown = JSON.parse(json);
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * What the back office shows to `user`, the signed-in user as the shared session reports them (null:
 * nobody). Their role is read from a fresh token: one granted or revoked since they signed in shows
 * at once. A signed-out visitor costs no request.
 */
export async function accessFor(user: { email: string | null } | null, load: LoadIdTokens): Promise<Access> {
  if (!user) return accessOf(null);
  const token = await (await load()).idToken({ fresh: true });
  return accessOf(token ? { email: user.email, claims: tokenClaims(token) } : null);
}

/** The staff API's token: the account's, for whoever is signed in now; an error once nobody is. */
export function staffTokens(load: LoadIdTokens): TokenSource {
  return async (fresh) => {
    const token = await (await load()).idToken({ fresh });
    if (!token) throw new Error('You are signed out; sign in again');
    return token;
  };
}
