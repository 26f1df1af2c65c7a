/**
 * In production the checkout session believes an ID token only for its signature by Firebase's keys:
 * the service runs as it does in production (NODE_ENV=production, no local stand-ins), with the key
 * set it fetches served here, so the test can sign tokens as "Firebase" and as anybody else.
 */
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startNodeService, type ManagedProcess } from '../../../tools/kit/processes.ts';
import { startFakeCatalog, type FakeCatalog } from '../testing/fakeCatalog.ts';
import { request } from '../testing/harness.ts';

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
    firebase: { sign_in_provider: 'password' },
    ...overrides,
  };
}

let keys: http.Server;
let catalog: FakeCatalog;
let service: ManagedProcess & { url: string };
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'checkout-production-'));
  const jwk = { ...firebaseKey.publicKey.export({ format: 'jwk' }), kid: 'firebase-1', alg: 'RS256', use: 'sig' };
  keys = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' });
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => keys.listen(0, '127.0.0.1', resolve));
  catalog = await startFakeCatalog([{ id: 1, title: 'Oak Side Table', priceCents: 1999, stock: 5 }]);
  service = await startNodeService(path.join(__dirname, '..', 'main.ts'), {
    name: 'checkout service (production)',
    env: {
      NODE_ENV: 'production',
      PORT: '0',
      SQLITE_PATH: path.join(dir, 'orders.db'),
      CATALOG_URL: catalog.url,
      INTERNAL_TOKEN: catalog.token,
      FIREBASE_PROJECT_ID: projectId,
      FIREBASE_TOKEN_KEYS_URL: `http://127.0.0.1:${(keys.address() as AddressInfo).port}/jwks`,
      SESSION_SECRET: 'production-test-session-secret-0123456789',
      STRIPE_SECRET_KEY: 'sk_test_never_called',
      STRIPE_WEBHOOK_SECRET: 'whsec_never_called',
      PUBLIC_ORIGIN: 'https://shop.example',
    },
  });
});

afterAll(async () => {
  await service?.stop();
  await catalog?.close();
  await new Promise((resolve) => keys?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const openSession = (token: string) => request(`${service.url}/api/checkout/session`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });

test('a token signed by Firebase opens a session for its uid, with a Secure cookie', async () => {
  const answer = await openSession(jwt(claims('uid-alice'), firebaseKey.privateKey));
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ uid: 'uid-alice', email: 'uid-alice@example.com' });
  expect((answer.headers.get('set-cookie') ?? '').split('; ').slice(1)).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Strict', 'Secure']));
});

test.each([
  ["signed by a key that is not Firebase's", () => jwt(claims('uid-alice'), strangerKey.privateKey)],
  ['unsigned, as the Auth emulator makes them', () => jwt(claims('uid-alice'), null, { alg: 'none', typ: 'JWT' })],
  [
    'a genuine token edited to name another uid',
    () => {
      const [header, , signature] = jwt(claims('uid-mallory'), firebaseKey.privateKey).split('.');
      return `${header}.${b64(claims('uid-alice'))}.${signature}`;
    },
  ],
  [
    'for another Firebase project',
    () => jwt(claims('uid-alice', { aud: 'other-project', iss: 'https://securetoken.google.com/other-project' }), firebaseKey.privateKey),
  ],
  ['expired', () => jwt(claims('uid-alice', { exp: Math.floor(Date.now() / 1000) - 10 }), firebaseKey.privateKey)],
  ['without a uid', () => jwt(claims('', {}), firebaseKey.privateKey)],
])('a token %s is refused with 401 and no cookie', async (_name, token) => {
  const answer = await openSession(token());
  expect(answer.status).toBe(401);
  expect(answer.body).toEqual({ message: 'The ID token is invalid or expired; sign in again' });
  expect(answer.headers.get('set-cookie')).toBeNull();
});

test('staff endpoints believe a role only in a token Firebase signed', async () => {
  const staffMe = (token: string) => request(`${service.url}/api/checkout/staff/me`, { headers: { authorization: `Bearer ${token}` } });
  expect(await staffMe(jwt(claims('uid-ann', { role: 'admin' }), firebaseKey.privateKey))).toMatchObject({
    status: 200,
    body: { uid: 'uid-ann', role: 'admin' },
  });
  expect((await staffMe(jwt(claims('uid-alice'), firebaseKey.privateKey))).status).toBe(403);
  expect((await staffMe(jwt(claims('uid-ann', { role: 'admin' }), strangerKey.privateKey))).status).toBe(401);
  expect((await staffMe(jwt(claims('uid-ann', { role: 'admin' }), null, { alg: 'none', typ: 'JWT' }))).status).toBe(401);
});
