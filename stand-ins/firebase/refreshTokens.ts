/**
 * The refresh tokens the local Auth service hands out. The emulator's own are base64 JSON naming the
 * account and any extra claims, unsigned and never checked against a revocation: anyone could write
 * one for any account, with `{"role":"admin"}` in it, and trade it for an ID token. So the proxy seals
 * each one it passes on (an HMAC over the emulator's token, its account and when it was issued) and
 * takes back only tokens it sealed, which also tells it whether a revocation (`validSince`) came later.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const PREFIX = 'sf1';

export interface OpenedRefreshToken {
  /** The emulator's own refresh token. */
  upstream: string;
  uid: string;
  /** When it was sealed, seconds since the epoch. */
  issuedAt: number;
}

/** The account an emulator refresh token names (it is base64 JSON with a `localId`). */
export function accountOfUpstreamToken(upstream: string): string | undefined {
  try {
    const record = JSON.parse(Buffer.from(upstream, 'base64').toString('utf8')) as { localId?: unknown };
    return typeof record.localId === 'string' && record.localId.length > 0 ? record.localId : undefined;
  } catch {
    return undefined;
  }
}

export class RefreshTokenSeal {
  private readonly key: Buffer;
  private readonly now: () => number;

  constructor(key: Buffer, now: () => number = Date.now) {
    this.key = key;
    this.now = now;
  }

  private mac(payload: string): Buffer {
    return createHmac('sha256', this.key).update(`${PREFIX}.${payload}`).digest();
  }

  /** The sealed form of an emulator refresh token; undefined when it names no account. */
  seal(upstream: string): string | undefined {
    const uid = accountOfUpstreamToken(upstream);
    if (!uid) return undefined;
    const payload = Buffer.from(JSON.stringify({ u: upstream, uid, iat: Math.floor(this.now() / 1000) })).toString('base64url');
    return `${PREFIX}.${payload}.${this.mac(payload).toString('base64url')}`;
  }

  /** What a token this service sealed holds; undefined for any other string. */
  open(token: string): OpenedRefreshToken | undefined {
    const [prefix, payload, mac, ...rest] = token.split('.');
    if (prefix !== PREFIX || !payload || !mac || rest.length > 0) return undefined;
    const expected = this.mac(payload);
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const content = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { u: string; uid: string; iat: number };
    return { upstream: content.u, uid: content.uid, issuedAt: content.iat };
  }
}
