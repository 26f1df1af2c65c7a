// "Google" for tests of production's account lookups: a service account's key file, the OAuth token
// endpoint that trades the account's signed assertion for an access token (as its token_uri), and the
// Identity Toolkit's accounts:lookup and accounts:update for a project, answering only that token.
import { generateKeyPairSync, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface FakeAccount {
  localId: string;
  email?: string;
  customAttributes?: string;
  disabled?: boolean;
  validSince?: string;
}

export interface FakeIdentityToolkit {
  /** What GOOGLE_APPLICATION_CREDENTIALS names: a key of a service account of `projectId`. */
  credentialsFile: string;
  /** What FIREBASE_IDENTITY_TOOLKIT_URL names. */
  apiUrl: string;
  projectId: string;
  /** The project's accounts, by uid: set them as a test needs. */
  accounts: Map<string, FakeAccount>;
  /** Every Identity Toolkit call, in order: its path and whether it carried the access token. */
  calls: { path: string; authorized: boolean }[];
  close(): Promise<void>;
}

function readJson(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

export async function startFakeIdentityToolkit(projectId = 'storefront-prod-test'): Promise<FakeIdentityToolkit> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const accessToken = `ya29.fake-${randomBytes(8).toString('hex')}`;
  const accounts = new Map<string, FakeAccount>();
  const calls: FakeIdentityToolkit['calls'] = [];

  const send = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  const server = http.createServer((request, response) => {
    void readJson(request).then((text) => {
      const url = new URL(request.url ?? '/', 'http://google');
      if (url.pathname === '/token') {
        const [header, claims, signature] = (new URLSearchParams(text).get('assertion') ?? '').split('.');
        const genuine = verify('sha256', Buffer.from(`${header}.${claims}`), publicKey, Buffer.from(signature ?? '', 'base64url'));
        if (!genuine) return send(response, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
        return send(response, 200, { access_token: accessToken, expires_in: 3599 });
      }
      const authorized = request.headers.authorization === `Bearer ${accessToken}`;
      const operation = url.pathname.replace(`/v1/projects/${projectId}/`, '');
      calls.push({ path: url.pathname, authorized });
      if (!authorized) return send(response, 401, { error: { code: 401, message: 'UNAUTHENTICATED' } });
      const body = JSON.parse(text || '{}') as { localId?: string | string[]; email?: string[]; customAttributes?: string; validSince?: string };
      if (operation === 'accounts:lookup') {
        const ids = Array.isArray(body.localId) ? body.localId : [];
        const found = [...accounts.values()].filter((account) => ids.includes(account.localId) || (body.email ?? []).includes(account.email ?? ''));
        return send(response, 200, found.length > 0 ? { users: found } : {});
      }
      if (operation === 'accounts:update' && typeof body.localId === 'string') {
        const account = accounts.get(body.localId);
        if (!account) return send(response, 400, { error: { code: 400, message: 'USER_NOT_FOUND' } });
        if (body.customAttributes !== undefined) account.customAttributes = body.customAttributes;
        if (body.validSince !== undefined) account.validSince = body.validSince;
        return send(response, 200, { localId: account.localId });
      }
      send(response, 404, { error: { code: 404, message: 'NOT_FOUND' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'fake-google-'));
  const credentialsFile = path.join(dir, 'service-account.json');
  writeFileSync(
    credentialsFile,
    JSON.stringify({
      type: 'service_account',
      project_id: projectId,
      client_email: `shop-staff@${projectId}.iam.gserviceaccount.com`,
      private_key: privateKey.export({ format: 'pem', type: 'pkcs8' }),
      token_uri: `${base}/token`,
    }),
  );
  return {
    credentialsFile,
    apiUrl: base,
    projectId,
    accounts,
    calls,
    close: () =>
      new Promise((resolve) => {
        rmSync(dir, { recursive: true, force: true });
        server.close(() => resolve());
      }),
  };
}
