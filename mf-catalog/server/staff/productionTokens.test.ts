/**
 * In production the catalogue checks a staff ID token by Firebase's signature (service-kit's verifier,
 * tested in service-kit/src/firebaseAuth/firebaseTokens.test.ts), and before each write the role the
 * account holds now, asked of the project's Identity Toolkit with the service account: the service
 * runs as in production (NODE_ENV=production, no local Auth service), with the key set, Google's token
 * endpoint and the Identity Toolkit it reaches served here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeIdentityToolkit, startFirebaseKeys, type FakeIdentityToolkit, type FirebaseKeys } from 'service-kit/testing';
import { startNodeService, type ManagedProcess } from '../../../tools/kit/processes.ts';

jest.setTimeout(60_000);

let firebase: FirebaseKeys;
let google: FakeIdentityToolkit;
let service: ManagedProcess & { url: string };
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'catalog-production-'));
  firebase = await startFirebaseKeys();
  google = await startFakeIdentityToolkit(firebase.projectId);
  google.accounts.set('uid-sam', { localId: 'uid-sam', customAttributes: '{"role":"staff"}' });
  google.accounts.set('uid-ada', { localId: 'uid-ada', customAttributes: '{"role":"admin"}' });
  service = await startNodeService(path.join(__dirname, '..', 'main.ts'), {
    name: 'catalogue service (production)',
    env: {
      NODE_ENV: 'production',
      PORT: '0',
      SQLITE_PATH: path.join(dir, 'catalog.db'),
      SEED_PRODUCTS: '20',
      SITE_URL: 'https://shop.example',
      INTERNAL_TOKEN: 'production-test-internal-token',
      FIREBASE_PROJECT_ID: firebase.projectId,
      FIREBASE_TOKEN_KEYS_URL: firebase.keysUrl,
      GOOGLE_APPLICATION_CREDENTIALS: google.credentialsFile,
      FIREBASE_IDENTITY_TOOLKIT_URL: google.apiUrl,
    },
  });
});

afterAll(async () => {
  await service?.stop();
  await firebase?.close();
  await google?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function patch(token: string, change: Record<string, unknown> = { stock: 11 }) {
  const response = await fetch(`${service.url}/products/3`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(change),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

test("a token signed by Firebase with the staff role changes the catalogue; a shopper's is refused (403), another's or an unsigned one (401)", async () => {
  const { claims, token } = firebase;
  expect(await patch(token(claims('uid-sam', { role: 'staff' })))).toMatchObject({ status: 200, body: { id: 3, stock: 11 } });
  expect(await patch(token(claims('uid-nora')))).toMatchObject({ status: 403 });
  const invalid = { status: 401, body: { message: 'The ID token is invalid or expired; sign in again' } };
  expect(await patch(token(claims('uid-ada', { role: 'admin' }), 'stranger'))).toMatchObject(invalid);
  expect(await patch(token(claims('uid-ada', { role: 'admin' }), 'nobody'))).toMatchObject(invalid);
});

test("an admin whose role was taken away in the project is refused their next price change, though Firebase's token still says admin", async () => {
  const { claims, token } = firebase;
  const ada = token(claims('uid-ada', { role: 'admin' }));
  expect(await patch(ada, { price: 21 })).toMatchObject({ status: 200, body: { id: 3, price: 21 } });
  google.accounts.set('uid-ada', { localId: 'uid-ada', customAttributes: '{}' });
  expect(await patch(ada, { price: 1 })).toMatchObject({ status: 403 });
  expect(await patch(token(claims('uid-sam', { role: 'staff' })), { price: 22 })).toMatchObject({ status: 200, body: { price: 22 } });
  expect(google.calls.every((call) => call.authorized && call.path === `/v1/projects/${firebase.projectId}/accounts:lookup`)).toBe(true);
});
