/**
 * In production the catalogue checks a staff ID token by Firebase's signature (service-kit's verifier,
 * tested in service-kit/src/firebaseAuth/firebaseTokens.test.ts): the service runs as in production
 * (NODE_ENV=production, no local Auth service), with the key set it fetches served here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFirebaseKeys, type FirebaseKeys } from 'service-kit/testing';
import { startNodeService, type ManagedProcess } from '../../../tools/kit/processes.ts';

jest.setTimeout(60_000);

let firebase: FirebaseKeys;
let service: ManagedProcess & { url: string };
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'catalog-production-'));
  firebase = await startFirebaseKeys();
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
    },
  });
});

afterAll(async () => {
  await service?.stop();
  await firebase?.close();
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

test("a token signed by Firebase with the staff role changes the catalogue; a shopper's is refused (403), another's or an unsigned one (401)", async () => {
  const { claims, token } = firebase;
  expect(await patch(token(claims('uid-sam', { role: 'staff' })))).toMatchObject({ status: 200, body: { id: 3, stock: 11 } });
  expect(await patch(token(claims('uid-nora')))).toMatchObject({ status: 403 });
  const invalid = { status: 401, body: { message: 'The ID token is invalid or expired; sign in again' } };
  expect(await patch(token(claims('uid-ada', { role: 'admin' }), 'stranger'))).toMatchObject(invalid);
  expect(await patch(token(claims('uid-ada', { role: 'admin' }), 'nobody'))).toMatchObject(invalid);
});
