/**
 * Token sync: the checkout service learns who is paying from a
 * Firebase ID token POSTed as "Authorization: Bearer <token>" to a same-origin address; it answers
 * with an HttpOnly session cookie. DELETE on sign-out. A token older than 5 minutes is refreshed
 * first, so the session (which never outlives its token) gets its full length.
 */
export const TOKEN_SYNC_PATH = '/api/checkout/session';
/** ID token maximum age. */
export const ID_TOKEN_MAX_AGE_MS = 5 * 60_000;
/** Re-sync this long before the session cookie runs out, while the page stays open. */
export const RESYNC_MARGIN_MS = 2 * 60_000;
const MIN_RESYNC_DELAY_MS = 30_000;

/** When the token was issued (its `iat` claim, in ms), or null if it cannot be read. */
export function tokenIssuedAtMs(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const iat = (JSON.parse(json) as { iat?: unknown }).iat;
    return typeof iat === 'number' && Number.isFinite(iat) ? iat * 1000 : null;
  } catch {
    return null;
  }
}

/** Whether the token is too old to hand over (or its age is unknown). */
export function tokenNeedsRefresh(token: string, nowMs: number): boolean {
  const issued = tokenIssuedAtMs(token);
  return issued === null || nowMs - issued > ID_TOKEN_MAX_AGE_MS;
}

/** Only to our own origin, and only from a secure context (https, or localhost). */
export function canSyncTokens(target: string, pageUrl: string, secureContext: boolean): boolean {
  if (!secureContext) return false;
  try {
    return new URL(target, pageUrl).origin === new URL(pageUrl).origin;
  } catch {
    return false;
  }
}

export interface TokenSource {
  getIdToken(forceRefresh?: boolean): Promise<string | null>;
}

export interface CheckoutSession {
  readonly uid: string;
  readonly email: string | null;
  /** ms since the epoch */
  readonly expiresAt: number;
}

export type SyncOutcome =
  { readonly ok: true; readonly session: CheckoutSession } | { readonly ok: false; readonly reason: 'skipped' | 'signed-out' | 'rejected' | 'unreachable' };

export interface TokenSyncDeps {
  readonly fetch: (input: string, init?: RequestInit) => Promise<Response>;
  readonly now?: () => number;
  readonly pageUrl?: () => string;
  readonly secureContext?: () => boolean;
  readonly path?: string;
}

export interface TokenSync {
  /** POSTs a fresh-enough ID token; answers the checkout session or why there is none. */
  sync(source: TokenSource): Promise<SyncOutcome>;
  /** DELETEs the checkout session (sign-out). Never throws. */
  clear(): Promise<void>;
  /** When to sync again for `session` (ms from now). */
  resyncDelay(session: CheckoutSession): number;
}

function parseSession(body: unknown, now: number): CheckoutSession | null {
  if (!body || typeof body !== 'object') return null;
  const { uid, email, expiresAt } = body as Record<string, unknown>;
  if (typeof uid !== 'string' || uid === '') return null;
  const expires = typeof expiresAt === 'string' ? Date.parse(expiresAt) : typeof expiresAt === 'number' ? expiresAt : NaN;
  return { uid, email: typeof email === 'string' ? email : null, expiresAt: Number.isFinite(expires) ? expires : now + 5 * 60_000 };
}

export function createTokenSync(deps: TokenSyncDeps): TokenSync {
  const now = deps.now ?? (() => Date.now());
  const pageUrl = deps.pageUrl ?? (() => (typeof location === 'undefined' ? 'http://localhost/' : location.href));
  const secure = deps.secureContext ?? (() => typeof window !== 'undefined' && window.isSecureContext === true);
  const path = deps.path ?? TOKEN_SYNC_PATH;
  const allowed = () => canSyncTokens(path, pageUrl(), secure());

  return {
    async sync(source) {
      if (!allowed()) return { ok: false, reason: 'skipped' };
      let token: string | null;
      try {
        token = await source.getIdToken(false);
        if (token && tokenNeedsRefresh(token, now())) token = await source.getIdToken(true);
      } catch {
        return { ok: false, reason: 'unreachable' };
      }
      if (!token) return { ok: false, reason: 'signed-out' };
      let response: Response;
      try {
        response = await deps.fetch(path, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        });
      } catch {
        return { ok: false, reason: 'unreachable' };
      }
      if (response.status === 401 || response.status === 403) return { ok: false, reason: 'rejected' };
      if (!response.ok) return { ok: false, reason: 'unreachable' };
      const session = parseSession(await response.json().catch(() => null), now());
      return session ? { ok: true, session } : { ok: false, reason: 'unreachable' };
    },

    async clear() {
      if (!allowed()) return;
      try {
        await deps.fetch(path, { method: 'DELETE', credentials: 'same-origin' });
      } catch {
        // the cookie expires on its own (30 minutes at most)
      }
    },

    resyncDelay(session) {
      return Math.max(MIN_RESYNC_DELAY_MS, session.expiresAt - now() - RESYNC_MARGIN_MS);
    },
  };
}
