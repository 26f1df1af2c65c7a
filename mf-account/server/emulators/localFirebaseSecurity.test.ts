/**
 * Only the shop reaches the local Firebase: what a foreign web page (any site a person visits while
 * the shop runs) or a forged token could do before, tried against the real backends.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { createEmulatorUser, uniqueEmail } from '../testing/backends.ts';
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
    const victim = await createEmulatorUser(backends.auth.url, uniqueEmail('victim'), 'abcd1234');
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
  const signUp = (origin?: string) =>
    fetch(`${backends.auth.url}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
      body: JSON.stringify({ email: uniqueEmail('origin'), password: 'abcd1234', returnSecureToken: true }),
    });

  it('refuses calls from a foreign origin and serves the shop', async () => {
    const foreign = await signUp('http://evil.example');
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { error: { message: string } }).error.message).toMatch(/may not use this shop's Auth service/);
    expect((await signUp(shop)).status).toBe(200);
  });

  it('keeps its admin API (list and delete every account) from web pages, even the shop', async () => {
    const accounts = `${backends.auth.url}/emulator/v1/projects/${backends.projectId}/accounts`;
    expect((await fetch(accounts, { method: 'DELETE', headers: { origin: 'http://evil.example' } })).status).toBe(403);
    expect((await fetch(accounts, { method: 'DELETE', headers: { origin: shop } })).status).toBe(403);
    expect((await fetch(`${backends.auth.url}/emulator/v1/projects/${backends.projectId}/config`)).status).toBe(200);
  });

  it('vouches only for tokens it issued, and only to server-side callers', async () => {
    const user = await createEmulatorUser(backends.auth.url, uniqueEmail('verify'), 'abcd1234');
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
