/**
 * In production the checkout session believes an ID token only for its signature by Firebase's keys
 * (service-kit's verifier, tested in service-kit/src/firebaseAuth/firebaseTokens.test.ts): the service
 * runs as it does in production (NODE_ENV=production, no local stand-ins), with the key set it fetches
 * served here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFirebaseKeys, type FirebaseKeys } from 'service-kit/testing';
import { startNodeService, type ManagedProcess } from '../../../tools/kit/processes.ts';
import { startFakeCatalog, type FakeCatalog } from '../testing/fakeCatalog.ts';
import { request } from '../testing/harness.ts';

jest.setTimeout(60_000);

let firebase: FirebaseKeys;
let catalog: FakeCatalog;
let service: ManagedProcess & { url: string };
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'checkout-production-'));
  firebase = await startFirebaseKeys();
  catalog = await startFakeCatalog([{ id: 1, title: 'Oak Side Table', priceCents: 1999, stock: 5 }]);
  service = await startNodeService(path.join(__dirname, '..', 'main.ts'), {
    name: 'checkout service (production)',
    env: {
      NODE_ENV: 'production',
      PORT: '0',
      SQLITE_PATH: path.join(dir, 'orders.db'),
      CATALOG_URL: catalog.url,
      INTERNAL_TOKEN: catalog.token,
      FIREBASE_PROJECT_ID: firebase.projectId,
      FIREBASE_TOKEN_KEYS_URL: firebase.keysUrl,
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
  await firebase?.close();
  rmSync(dir, { recursive: true, force: true });
});

const openSession = (token: string) => request(`${service.url}/api/checkout/session`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });

test('a token signed by Firebase opens a session for its uid, with a Secure cookie', async () => {
  const answer = await openSession(firebase.token(firebase.claims('uid-alice')));
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ uid: 'uid-alice', email: 'uid-alice@example.com' });
  expect((answer.headers.get('set-cookie') ?? '').split('; ').slice(1)).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Strict', 'Secure']));
});

test.each([
  ["signed by a key that is not Firebase's", 'stranger'],
  ['unsigned, as the Auth emulator makes them', 'nobody'],
] as const)('a token %s is refused with 401 and no cookie', async (_name, by) => {
  const answer = await openSession(firebase.token(firebase.claims('uid-alice'), by));
  expect(answer.status).toBe(401);
  expect(answer.body).toEqual({ message: 'The ID token is invalid or expired; sign in again' });
  expect(answer.headers.get('set-cookie')).toBeNull();
});

test('staff endpoints believe a role only in a token Firebase signed', async () => {
  const { claims, token } = firebase;
  const staffMe = (idToken: string) => request(`${service.url}/api/checkout/staff/me`, { headers: { authorization: `Bearer ${idToken}` } });
  expect(await staffMe(token(claims('uid-ann', { role: 'admin' })))).toMatchObject({ status: 200, body: { uid: 'uid-ann', role: 'admin' } });
  expect((await staffMe(token(claims('uid-alice')))).status).toBe(403);
  expect((await staffMe(token(claims('uid-ann', { role: 'admin' }), 'stranger'))).status).toBe(401);
  expect((await staffMe(token(claims('uid-ann', { role: 'admin' }), 'nobody'))).status).toBe(401);
});
