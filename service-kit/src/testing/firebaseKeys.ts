// "Firebase" for tests of production's ID-token check: a key set served as Google serves it, and
// tokens signed by its key, by a stranger's, or not at all (as the Auth emulator makes them).
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FirebaseKeys {
  /** What FIREBASE_TOKEN_KEYS_URL names in production tests. */
  keysUrl: string;
  projectId: string;
  /** The claims Firebase puts in a fresh ID token of `uid` for the project, with `overrides`. */
  claims(uid: string, overrides?: Record<string, unknown>): Record<string, unknown>;
  /** A token with these claims, signed by the project's key, a stranger's, or unsigned (alg none). */
  token(claims: Record<string, unknown>, by?: 'firebase' | 'stranger' | 'nobody'): string;
  close(): Promise<void>;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function signed(header: object, claims: object, key: KeyObject | null): string {
  const body = `${b64(header)}.${b64(claims)}`;
  return key ? `${body}.${sign('sha256', Buffer.from(body), key).toString('base64url')}` : `${body}.`;
}

export async function startFirebaseKeys(projectId = 'storefront-prod-test'): Promise<FirebaseKeys> {
  const firebase = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...firebase.publicKey.export({ format: 'jwk' }), kid: 'firebase-1', alg: 'RS256', use: 'sig' };
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' });
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    keysUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`,
    projectId,
    claims(uid, overrides = {}) {
      const now = Math.floor(Date.now() / 1000);
      const issued = { iss: `https://securetoken.google.com/${projectId}`, aud: projectId, auth_time: now - 60, iat: now - 60, exp: now + 3000 };
      return { ...issued, user_id: uid, sub: uid, email: `${uid}@example.com`, ...overrides };
    },
    token(claims, by = 'firebase') {
      if (by === 'nobody') return signed({ alg: 'none', typ: 'JWT' }, claims, null);
      return signed({ alg: 'RS256', kid: 'firebase-1', typ: 'JWT' }, claims, by === 'firebase' ? firebase.privateKey : stranger.privateKey);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
