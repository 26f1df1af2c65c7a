/**
 * Only the shop reaches the local Firebase: what a foreign web page (any site a person visits while
 * the shop runs) or a forged token could do before, tried against the real backends.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { signUp, uniqueEmail } from './testing/accounts.ts';
import { startAccountBackends, type RunningAccountBackends } from './index.ts';

jest.setTimeout(60_000);

const shop = 'http://localhost:3000';
let backends: RunningAccountBackends;

beforeAll(async () => {
  backends = await startAccountBackends({
    projectId: 'demo-security-test',
    auth: { port: 0, allowedOrigins: [shop] },
    database: { port: 0, allowedOrigins: [shop] },
  });
}, 120_000);
afterAll(() => backends?.stop());

type Frame = { t: string; d: { r?: number; b?: { s?: string; d?: unknown }; t?: string } };

/** A raw RTDB protocol client, as a hostile page would write one. */
function openDatabase(origin?: string): Promise<{ request(action: string, body: unknown): Promise<{ s?: string; d?: unknown }>; close(): void }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${backends.database.wsUrl}/.ws?v=5&ns=${backends.projectId}`, origin ? { origin } : {});
    const pending = new Map<number, (body: { s?: string; d?: unknown }) => void>();
    let next = 1;
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame;
      if (frame.t === 'c' && frame.d.t === 'h') {
        resolve({
          request: (action, body) =>
            new Promise((answer) => {
              const r = next++;
              pending.set(r, answer);
              socket.send(JSON.stringify({ t: 'd', d: { r, a: action, b: body } }));
            }),
          close: () => socket.close(),
        });
      }
      if (frame.t === 'd' && typeof frame.d.r === 'number') pending.get(frame.d.r)?.(frame.d.b ?? {});
    });
    socket.on('unexpected-response', (_request, response) => reject(new Error(`upgrade refused: ${response.statusCode}`)));
    socket.on('error', reject);
  });
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('the local Realtime Database', () => {
  it('refuses a WebSocket from a foreign origin before any exchange', async () => {
    await expect(openDatabase('http://evil.example')).rejects.toThrow('upgrade refused: 403');
  });

  it('accepts the shop and server-side clients (no Origin)', async () => {
    (await openDatabase(shop)).close();
    (await openDatabase()).close();
  });

  it('does not make the well-known "owner" credential an administrator', async () => {
    const db = await openDatabase();
    try {
      expect((await db.request('auth', { cred: 'owner' })).s).toBe('invalid_token');
      expect((await db.request('g', { p: '/users', q: {} })).s).toBe('permission_denied');
    } finally {
      db.close();
    }
  });

  it('accepts only ID tokens its Auth service issued: a forged unsigned token for a real uid is refused', async () => {
    const victim = await signUp(backends.auth.url, uniqueEmail('victim'), 'abcd1234');
    const db = await openDatabase();
    try {
      const [header, payload] = victim.idToken.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
      const forged = `${header}.${b64({ ...claims, iat: Number(claims.iat) + 1 })}.`;
      expect((await db.request('auth', { cred: forged })).s).toBe('invalid_token');
      expect((await db.request('g', { p: `/users/${victim.uid}`, q: {} })).s).toBe('permission_denied');
      expect((await db.request('auth', { cred: victim.idToken })).s).toBe('ok');
      expect((await db.request('g', { p: `/users/${victim.uid}`, q: {} })).s).toBe('ok');
    } finally {
      db.close();
    }
  });

  it('makes its administrator secret an administrator', async () => {
    const db = await openDatabase();
    try {
      expect((await db.request('auth', { cred: backends.database.adminSecret })).s).toBe('ok');
      expect((await db.request('g', { p: '/users', q: {} })).s).toBe('ok');
    } finally {
      db.close();
    }
  });
});

describe('the local Auth service', () => {
  const signUpFrom = (origin?: string) =>
    fetch(`${backends.auth.url}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
      body: JSON.stringify({ email: uniqueEmail('origin'), password: 'abcd1234', returnSecureToken: true }),
    });

  it('refuses calls from a foreign origin and serves the shop', async () => {
    const foreign = await signUpFrom('http://evil.example');
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { error: { message: string } }).error.message).toMatch(/may not use this shop's Auth service/);
    expect((await signUpFrom(shop)).status).toBe(200);
  });

  it('keeps its admin API (list and delete every account) from web pages, even the shop, and from callers without its secret', async () => {
    const accounts = `${backends.auth.url}/emulator/v1/projects/${backends.projectId}/accounts`;
    expect((await fetch(accounts, { method: 'DELETE', headers: { origin: 'http://evil.example' } })).status).toBe(403);
    expect((await fetch(accounts, { method: 'DELETE', headers: { origin: shop } })).status).toBe(403);
    const config = `${backends.auth.url}/emulator/v1/projects/${backends.projectId}/config`;
    expect((await fetch(config)).status).toBe(403);
    expect((await fetch(config, { headers: { authorization: `Bearer ${backends.auth.adminSecret}` } })).status).toBe(200);
  });

  it('vouches only for tokens it issued, and only to server-side callers', async () => {
    const user = await signUp(backends.auth.url, uniqueEmail('verify'), 'abcd1234');
    const verify = (idToken: string, origin?: string) =>
      fetch(backends.auth.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
        body: JSON.stringify({ idToken }),
      });
    const good = await verify(user.idToken);
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({ uid: user.uid });
    const [header, payload] = user.idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const other = `${header}.${b64({ ...claims, user_id: randomUUID(), sub: randomUUID() })}.`;
    expect((await verify(other)).status).toBe(401);
    expect((await verify(user.idToken, shop)).status).toBe(403);
  });
});

/**
 * Nobody makes themselves staff or reads another's account through the local Auth service, whatever
 * their Origin or none (a script on the same machine is a caller too): each way the emulator behind
 * it would allow, tried as the shop's page, a script and another site's page.
 */
describe('the local Auth service keeps accounts and claims to the shop', () => {
  const api = (path: string) => `${backends.auth.url}/identitytoolkit.googleapis.com/v1/${path}`;
  const adminApi = (path: string) => api(`projects/${backends.projectId}/${path}`);
  const administrator = () => ({ authorization: `Bearer ${backends.auth.adminSecret}` });

  type Answer = { status: number; body: Record<string, unknown> };

  async function call(url: string, body: unknown, headers: Record<string, string | undefined> = {}, method = 'POST'): Promise<Answer> {
    const sent = Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined));
    const response = await fetch(url, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...sent },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
  }

  /** The account's custom claims as they are now, asked with the administrator secret. */
  async function claimsNow(uid: string): Promise<Record<string, unknown>> {
    const answer = await call(adminApi('accounts:lookup'), { localId: [uid] }, administrator());
    expect(answer.status).toBe(200);
    const [user] = answer.body.users as Array<{ customAttributes?: string }>;
    return JSON.parse(user?.customAttributes ?? '{}') as Record<string, unknown>;
  }

  /** Refused, and nothing of an account or a token in the answer. */
  function expectRefused(answer: Answer) {
    expect([400, 403]).toContain(answer.status);
    for (const leak of ['users', 'idToken', 'id_token', 'refreshToken', 'refresh_token', 'oobCodes', 'localId']) expect(answer.body).not.toHaveProperty(leak);
  }

  let victim: { uid: string; idToken: string; email: string };
  let attacker: { uid: string; idToken: string };

  beforeAll(async () => {
    const email = uniqueEmail('victim');
    victim = { ...(await signUp(backends.auth.url, email, 'victim-pass-1')), email };
    attacker = await signUp(backends.auth.url, uniqueEmail('attacker'), 'attacker-pass-1');
  });

  afterEach(async () => {
    expect(await claimsNow(attacker.uid)).toEqual({});
    expect(await claimsNow(victim.uid)).toEqual({});
  });

  const callers = [
    ["the shop's page", shop],
    ['a script (no Origin)', undefined],
    ["another site's page", 'http://evil.example'],
  ] as const;

  describe.each(callers)('as %s', (_caller, origin) => {
    const from = (headers: Record<string, string> = {}) => ({ ...headers, origin });

    it('mints no ID token from an unsigned custom token claiming the admin role', async () => {
      const customToken = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({
        aud: 'https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit',
        iat: Math.floor(Date.now() / 1000),
        exp: Math.floor(Date.now() / 1000) + 3600,
        iss: 'attacker@example.com',
        sub: 'attacker@example.com',
        uid: attacker.uid,
        claims: { role: 'admin' },
      })}.`;
      expectRefused(await call(api('accounts:signInWithCustomToken?key=demo-api-key'), { token: customToken, returnSecureToken: true }, from()));
      expectRefused(
        await call(
          `${backends.auth.url}/www.googleapis.com/identitytoolkit/v3/relyingparty/verifyCustomToken?key=demo-api-key`,
          { token: customToken },
          from(),
        ),
      );
    });

    it("sets no claims: not on one's own account with one's ID token, in any spelling, nor with the emulator's `Bearer owner`", async () => {
      for (const field of ['customAttributes', 'custom_attributes', 'CustomAttributes']) {
        expectRefused(await call(api('accounts:update?key=demo-api-key'), { idToken: attacker.idToken, [field]: '{"role":"admin"}' }, from()));
      }
      for (const credential of ['Bearer owner', 'Bearer ya29.anything', 'Bearer not-the-secret']) {
        const headers = from({ authorization: credential });
        expectRefused(await call(adminApi('accounts:update'), { localId: attacker.uid, customAttributes: '{"role":"admin"}' }, headers));
        expectRefused(await call(api('accounts:update?key=demo-api-key'), { localId: attacker.uid, customAttributes: '{"role":"admin"}' }, headers));
      }
    });

    it("changes no other account: not by its uid beside one's own ID token, nor with an ID token written for it", async () => {
      expectRefused(await call(api('accounts:update?key=demo-api-key'), { idToken: attacker.idToken, localId: victim.uid, password: 'taken-over-1' }, from()));
      const forged = forgedIdTokenFor(victim.uid, attacker.idToken);
      expectRefused(await call(api('accounts:update?key=demo-api-key'), { idToken: forged, password: 'taken-over-1' }, from()));
      expectRefused(await call(api('accounts:delete?key=demo-api-key'), { idToken: forged }, from()));
      expect(
        (await call(api('accounts:signInWithPassword?key=demo-api-key'), { email: victim.email, password: 'victim-pass-1', returnSecureToken: true })).status,
      ).toBe(200);
    });

    it('reads no other account: by e-mail or uid, with an ID token written for it, as the administrator or by listing them', async () => {
      expectRefused(await call(api('accounts:lookup?key=demo-api-key'), { idToken: attacker.idToken, email: [victim.email] }, from()));
      expectRefused(await call(api('accounts:lookup?key=demo-api-key'), { idToken: attacker.idToken, localId: [victim.uid] }, from()));
      expectRefused(await call(api('accounts:lookup?key=demo-api-key'), { idToken: forgedIdTokenFor(victim.uid, attacker.idToken) }, from()));
      expectRefused(await call(adminApi('accounts:lookup'), { email: [victim.email] }, from({ authorization: 'Bearer owner' })));
      expectRefused(await call(adminApi('accounts:lookup'), { email: [victim.email] }, from()));
      expectRefused(await call(adminApi('accounts:batchGet?maxResults=100'), undefined, from({ authorization: 'Bearer owner' }), 'GET'));
      expectRefused(await call(adminApi('accounts:query'), {}, from()));
      expectRefused(await call(`${backends.auth.url}/emulator/v1/projects/${backends.projectId}/oobCodes`, undefined, from(), 'GET'));
    });

    it('trades no refresh token it did not issue for an ID token: not one written for another account with the admin role in it', async () => {
      const forged = Buffer.from(
        JSON.stringify({
          _AuthEmulatorRefreshToken: 'DO NOT MODIFY',
          localId: victim.uid,
          provider: 'password',
          extraClaims: { role: 'admin' },
          projectId: backends.projectId,
        }),
      ).toString('base64');
      const response = await fetch(`${backends.auth.url}/securetoken.googleapis.com/v1/token?key=demo-api-key`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: forged }).toString(),
      });
      expectRefused({ status: response.status, body: (await response.json()) as Record<string, unknown> });
    });
  });

  /** An unsigned ID token like the emulator's, naming another account. */
  function forgedIdTokenFor(uid: string, model: string): string {
    const [header, payload] = model.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    return `${header}.${b64({ ...claims, user_id: uid, sub: uid })}.`;
  }

  it("serves the shop's pages their own account: sign-up, sign-in, reading and changing it, a token refresh and a password reset, with no password in any answer", async () => {
    const email = uniqueEmail('own');
    const page = { origin: shop };
    const created = await call(api('accounts:signUp?key=demo-api-key'), { email, password: 'first-pass-1', returnSecureToken: true }, page);
    expect(created.status).toBe(200);
    const own = await call(api('accounts:lookup?key=demo-api-key'), { idToken: created.body.idToken }, page);
    expect(own).toMatchObject({ status: 200, body: { users: [{ localId: created.body.localId, email }] } });
    expect(JSON.stringify(own.body)).not.toMatch(/passwordHash|first-pass-1/);
    expect((await call(api('accounts:update?key=demo-api-key'), { idToken: created.body.idToken, displayName: 'Own' }, page)).status).toBe(200);

    const refreshed = await fetch(`${backends.auth.url}/securetoken.googleapis.com/v1/token?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...page },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: String(created.body.refreshToken) }).toString(),
    });
    expect(refreshed.status).toBe(200);
    const { id_token: idToken } = (await refreshed.json()) as { id_token: string };
    expect((await call(backends.auth.verifyUrl, { idToken })).body).toMatchObject({ uid: created.body.localId });

    expect((await call(api('accounts:sendOobCode?key=demo-api-key'), { requestType: 'PASSWORD_RESET', email }, page)).status).toBe(200);
    const codes = await call(`${backends.auth.url}/emulator/v1/projects/${backends.projectId}/oobCodes`, undefined, administrator(), 'GET');
    const { oobCode } = (codes.body.oobCodes as Array<{ email: string; oobCode: string }>).findLast((code) => code.email === email)!;
    expect((await call(api('accounts:resetPassword?key=demo-api-key'), { oobCode, newPassword: 'second-pass-2' }, page)).status).toBe(200);
    expect((await call(api('accounts:signInWithPassword?key=demo-api-key'), { email, password: 'second-pass-2', returnSecureToken: true }, page)).status).toBe(
      200,
    );
  });

  it('lets its administrator secret read and change any account, with no password in the answer', async () => {
    const everyone = await call(adminApi('accounts:batchGet?maxResults=1000'), undefined, administrator(), 'GET');
    expect(everyone.status).toBe(200);
    expect((everyone.body.users as Array<{ localId: string }>).map((user) => user.localId)).toEqual(expect.arrayContaining([victim.uid, attacker.uid]));
    expect(JSON.stringify(everyone.body)).not.toMatch(/passwordHash|victim-pass-1|"salt"/);
    expect((await call(adminApi('accounts:update'), { localId: attacker.uid, customAttributes: '{"tier":"gold"}' }, administrator())).status).toBe(200);
    expect(await claimsNow(attacker.uid)).toEqual({ tier: 'gold' });
    expect((await call(adminApi('accounts:update'), { localId: attacker.uid, customAttributes: '{}' }, administrator())).status).toBe(200);
  });

  it("ends a session whose refresh tokens the administrator revoked (validSince), and answers the account's claims as they are now", async () => {
    const email = uniqueEmail('revoked');
    const signedIn = await call(api('accounts:signUp?key=demo-api-key'), { email, password: 'revoked-pass-1', returnSecureToken: true });
    const uid = String(signedIn.body.localId);
    const refresh = () =>
      fetch(`${backends.auth.url}/securetoken.googleapis.com/v1/token?key=demo-api-key`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grantType: 'refresh_token', refreshToken: signedIn.body.refreshToken }),
      });
    expect((await refresh()).status).toBe(200);
    await call(adminApi('accounts:update'), { localId: uid, customAttributes: '{"role":"staff"}' }, administrator());
    const current = await call(backends.auth.verifyUrl, { idToken: signedIn.body.idToken, current: true });
    expect(current.body).toMatchObject({ uid, claims: { email }, current: { claims: { role: 'staff' }, disabled: false } });
    expect(current.body.claims).not.toHaveProperty('role');

    // validSince counts whole seconds: a revocation in the second of the sign-in would not reach it (as with Firebase).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const revoked = await call(
      adminApi('accounts:update'),
      { localId: uid, customAttributes: '{}', validSince: String(Math.floor(Date.now() / 1000)) },
      administrator(),
    );
    expect(revoked.status).toBe(200);
    const refused = await refresh();
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('TOKEN_EXPIRED');
    expect((await call(backends.auth.verifyUrl, { idToken: signedIn.body.idToken, current: true })).body).toMatchObject({ current: { claims: {} } });
    expect((await call(api('accounts:signInWithPassword?key=demo-api-key'), { email, password: 'revoked-pass-1', returnSecureToken: true })).status).toBe(200);
  });
});
