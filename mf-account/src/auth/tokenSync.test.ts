import { canSyncTokens, createTokenSync, ID_TOKEN_MAX_AGE_MS, TOKEN_SYNC_PATH, tokenIssuedAtMs, tokenNeedsRefresh, type TokenSource } from './tokenSync.ts';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (iatSeconds: number) => `${b64url({ alg: 'none' })}.${b64url({ iat: iatSeconds, user_id: 'u1' })}.`;
const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function harness(options: { secure?: boolean; pageUrl?: string; answer?: () => Promise<Response> } = {}) {
  const calls: Array<{ input: string; init: RequestInit | undefined }> = [];
  const fetch = jest.fn(async (input: string, init?: RequestInit) => {
    calls.push({ input, init });
    return options.answer ? options.answer() : json(200, { uid: 'u1', email: 'ann@example.com', expiresAt: new Date(NOW + 30 * 60_000).toISOString() });
  });
  const sync = createTokenSync({
    fetch,
    now: () => NOW,
    pageUrl: () => options.pageUrl ?? 'http://localhost:3000/login',
    secureContext: () => options.secure ?? true,
  });
  return { sync, fetch, calls };
}

function source(tokens: { fresh: string; refreshed?: string }): TokenSource & { getIdToken: jest.Mock } {
  return { getIdToken: jest.fn(async (force?: boolean) => (force ? (tokens.refreshed ?? tokens.fresh) : tokens.fresh)) };
}

describe('ID token age', () => {
  it('reads iat from a JWT and refreshes past 5 minutes (or when unknown)', () => {
    expect(tokenIssuedAtMs(token(NOW / 1000))).toBe(NOW);
    expect(tokenIssuedAtMs('not-a-jwt')).toBeNull();
    expect(tokenNeedsRefresh(token(NOW / 1000 - 60), NOW)).toBe(false);
    expect(tokenNeedsRefresh(token((NOW - ID_TOKEN_MAX_AGE_MS - 1000) / 1000), NOW)).toBe(true);
    expect(tokenNeedsRefresh('garbage', NOW)).toBe(true);
  });
});

describe('canSyncTokens', () => {
  it('allows only the same origin from a secure context', () => {
    expect(canSyncTokens('/api/checkout/session', 'http://localhost:3000/x', true)).toBe(true);
    expect(canSyncTokens('/api/checkout/session', 'http://localhost:3000/x', false)).toBe(false);
    expect(canSyncTokens('https://evil.example/api', 'https://shop.example/x', true)).toBe(false);
    expect(canSyncTokens('//evil.example/api', 'https://shop.example/x', true)).toBe(false);
  });
});

describe('createTokenSync', () => {
  it('POSTs a fresh token as a bearer and answers the checkout session', async () => {
    const h = harness();
    const s = source({ fresh: token(NOW / 1000 - 30) });
    const outcome = await h.sync.sync(s);
    expect(outcome).toEqual({ ok: true, session: { uid: 'u1', email: 'ann@example.com', expiresAt: NOW + 30 * 60_000 } });
    expect(s.getIdToken).toHaveBeenCalledTimes(1);
    expect(h.calls[0]?.input).toBe(TOKEN_SYNC_PATH);
    expect(h.calls[0]?.init).toMatchObject({ method: 'POST', credentials: 'same-origin', headers: { authorization: `Bearer ${token(NOW / 1000 - 30)}` } });
  });

  it('refreshes a token older than 5 minutes before sending it', async () => {
    const h = harness();
    const old = token((NOW - 6 * 60_000) / 1000);
    const fresh = token(NOW / 1000);
    const s = source({ fresh: old, refreshed: fresh });
    await h.sync.sync(s);
    expect(s.getIdToken).toHaveBeenLastCalledWith(true);
    expect((h.calls[0]?.init?.headers as Record<string, string>).authorization).toBe(`Bearer ${fresh}`);
  });

  it('does nothing outside a secure context or for another origin', async () => {
    const insecure = harness({ secure: false });
    expect(await insecure.sync.sync(source({ fresh: token(NOW / 1000) }))).toEqual({ ok: false, reason: 'skipped' });
    await insecure.sync.clear();
    expect(insecure.fetch).not.toHaveBeenCalled();
  });

  it('tells a refused token from an unreachable service, and a signed-out user', async () => {
    expect(await harness({ answer: async () => json(401, { message: 'no' }) }).sync.sync(source({ fresh: token(NOW / 1000) }))).toEqual({
      ok: false,
      reason: 'rejected',
    });
    expect(await harness({ answer: async () => json(503, { message: 'down' }) }).sync.sync(source({ fresh: token(NOW / 1000) }))).toEqual({
      ok: false,
      reason: 'unreachable',
    });
    expect(await harness({ answer: () => Promise.reject(new TypeError('Failed to fetch')) }).sync.sync(source({ fresh: token(NOW / 1000) }))).toEqual({
      ok: false,
      reason: 'unreachable',
    });
    expect(await harness().sync.sync({ getIdToken: async () => null })).toEqual({ ok: false, reason: 'signed-out' });
  });

  it('DELETEs on sign-out and never throws', async () => {
    const h = harness({ answer: () => Promise.reject(new TypeError('offline')) });
    await expect(h.sync.clear()).resolves.toBeUndefined();
    expect(h.calls[0]).toMatchObject({ input: TOKEN_SYNC_PATH, init: { method: 'DELETE' } });
  });

  it('plans the next sync before the session runs out', () => {
    const h = harness();
    expect(h.sync.resyncDelay({ uid: 'u1', email: null, expiresAt: NOW + 30 * 60_000 })).toBe(28 * 60_000);
    expect(h.sync.resyncDelay({ uid: 'u1', email: null, expiresAt: NOW + 10_000 })).toBe(30_000);
  });
});
