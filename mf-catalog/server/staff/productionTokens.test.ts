/**
 * In production the catalogue believes a staff ID token only for its signature by Firebase's keys:
 * the service runs as in production (NODE_ENV=production, no local Auth service), with the key set it
 * fetches served here, so the test signs tokens as "Firebase" and as anybody else (as the checkout's
 * session/productionTokens.test.ts does for its copy of the verifier).
 */
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startNodeService, type ManagedProcess } from '../../../tools/kit/processes.ts';

jest.setTimeout(60_000);

const projectId = 'storefront-prod-test';
const firebaseKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const strangerKey = generateKeyPairSync('rsa', { modulusLength: 2048 });

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function jwt(
  claims: Record<string, unknown>,
  key: KeyObject | null,
  header: Record<string, unknown> = { alg: 'RS256', kid: 'firebase-1', typ: 'JWT' },
): string {
  const body = `${b64(header)}.${b64(claims)}`;
  return key ? `${body}.${sign('sha256', Buffer.from(body), key).toString('base64url')}` : `${body}.`;
}

function claims(uid: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: now - 60,
    user_id: uid,
    sub: uid,
    iat: now - 60,
    exp: now + 3000,
    email: `${uid}@example.com`,
    ...overrides,
  };
}

let keys: http.Server;
let service: ManagedProcess & { url: string };
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'catalog-production-'));
  const jwk = { ...firebaseKey.publicKey.export({ format: 'jwk' }), kid: 'firebase-1', alg: 'RS256', use: 'sig' };
  keys = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' });
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => keys.listen(0, '127.0.0.1', resolve));
  service = await startNodeService(path.join(__dirname, '..', 'main.ts'), {
    name: 'catalogue service (production)',
    env: {
      NODE_ENV: 'production',
      PORT: '0',
      SQLITE_PATH: path.join(dir, 'catalog.db'),
      SEED_PRODUCTS: '20',
      SITE_URL: 'https://shop.example',
      INTERNAL_TOKEN: 'production-test-internal-token',
      FIREBASE_PROJECT_ID: projectId,
      FIREBASE_TOKEN_KEYS_URL: `http://127.0.0.1:${(keys.address() as AddressInfo).port}/jwks`,
    },
  });
});

afterAll(async () => {
  await service?.stop();
  await new Promise((resolve) => keys?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

async function patch(token: string) {
  const response = await fetch(`${service.url}/products/3`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ stock: 11 }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

test("a token signed by Firebase with the staff role changes the catalogue; a shopper's is refused", async () => {
  expect(await patch(jwt(claims('uid-sam', { role: 'staff' }), firebaseKey.privateKey))).toMatchObject({ status: 200, body: { id: 3, stock: 11 } });
  expect(await patch(jwt(claims('uid-nora'), firebaseKey.privateKey))).toMatchObject({ status: 403 });
});

test.each([
  ["a token signed by a key that is not Firebase's", () => jwt(claims('uid-ada', { role: 'admin' }), strangerKey.privateKey)],
  ['an unsigned token, as the Auth emulator makes them', () => jwt(claims('uid-ada', { role: 'admin' }), null, { alg: 'none', typ: 'JWT' })],
  [
    "a shopper's genuine token edited to carry the admin role",
    () => {
      const [header, , signature] = jwt(claims('uid-nora'), firebaseKey.privateKey).split('.');
      return `${header}.${b64(claims('uid-nora', { role: 'admin' }))}.${signature}`;
    },
  ],
  [
    'for another Firebase project',
    () => jwt(claims('uid-ada', { role: 'admin', aud: 'other-project', iss: 'https://securetoken.google.com/other-project' }), firebaseKey.privateKey),
  ],
  ['an expired token', () => jwt(claims('uid-ada', { role: 'admin', exp: Math.floor(Date.now() / 1000) - 10 }), firebaseKey.privateKey)],
])('%s: refused with 401', async (_what, make) => {
  expect(await patch(make())).toMatchObject({ status: 401, body: { message: 'The ID token is invalid or expired; sign in again' } });
});
