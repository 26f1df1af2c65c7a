import { generateKeyPairSync, verify } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readServiceAccount } from './serviceAccount.ts';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const dir = mkdtempSync(path.join(tmpdir(), 'service-account-'));

/** Google's token endpoint as far as the JWT bearer grant goes: a token for an assertion signed by the account's key. */
let exchanges: Record<string, unknown>[] = [];
const google = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    const [header, claims, signature] = (new URLSearchParams(body).get('assertion') ?? '').split('.');
    const genuine = verify('sha256', Buffer.from(`${header}.${claims}`), publicKey, Buffer.from(signature ?? '', 'base64url'));
    response.writeHead(genuine ? 200 : 400, { 'content-type': 'application/json' });
    if (!genuine) return response.end(JSON.stringify({ error: 'invalid_grant', error_description: 'Invalid JWT Signature.' }));
    exchanges.push(JSON.parse(Buffer.from(claims!, 'base64url').toString()) as Record<string, unknown>);
    response.end(JSON.stringify({ access_token: `token-${exchanges.length}`, expires_in: 3599 }));
  });
});

function keyFile(name: string, key: object): string {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(key));
  return file;
}

let tokenUri: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
  tokenUri = `http://127.0.0.1:${(google.address() as AddressInfo).port}/token`;
});

afterAll(() => new Promise((resolve) => google.close(resolve)));

beforeEach(() => {
  exchanges = [];
});

const accountKey = (key: string | object = privateKey.export({ format: 'pem', type: 'pkcs8' })) => ({
  project_id: 'shop-prod',
  client_email: 'staff-admin@shop-prod.iam.gserviceaccount.com',
  private_key: key,
  token_uri: tokenUri,
});

test("a key file's account gets an access token for the Identity Toolkit, asked once while it lasts", async () => {
  const account = readServiceAccount(keyFile('key.json', accountKey()));
  expect(account).toMatchObject({ projectId: 'shop-prod', clientEmail: 'staff-admin@shop-prod.iam.gserviceaccount.com' });
  expect(await account.accessToken()).toBe('token-1');
  expect(await account.accessToken()).toBe('token-1');
  expect(exchanges).toEqual([
    expect.objectContaining({ iss: 'staff-admin@shop-prod.iam.gserviceaccount.com', aud: tokenUri, scope: expect.stringContaining('auth/identitytoolkit') }),
  ]);
});

test("Google's refusal names the account and Google's reason", async () => {
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'pem', type: 'pkcs8' });
  const account = readServiceAccount(keyFile('wrong.json', accountKey(other)));
  await expect(account.accessToken()).rejects.toThrow(
    'Google refused the service account staff-admin@shop-prod.iam.gserviceaccount.com: Invalid JWT Signature.',
  );
});

test('a file that is not a service account key is refused when read', () => {
  expect(() => readServiceAccount(path.join(dir, 'missing.json'))).toThrow(/cannot read the service account key .*missing\.json/);
  expect(() => readServiceAccount(keyFile('oauth-client.json', { installed: { client_id: 'x' } }))).toThrow(
    /oauth-client\.json is not a service account key \(client_email, private_key and project_id are required\)/,
  );
});
