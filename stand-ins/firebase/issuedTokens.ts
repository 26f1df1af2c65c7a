/**
 * The ID tokens the local Auth emulator has handed out. Emulator tokens are unsigned (`alg: none`),
 * so their content proves nothing: anyone can write one for any uid. What does prove a token is that
 * this shop's Auth service issued it, which the proxy in front of the emulator records here. Only a
 * hash of each token is kept, with its uid and expiry.
 */
import { createHash } from 'node:crypto';

export interface IssuedToken {
  uid: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

export interface VerifiedToken extends IssuedToken {
  claims: Record<string, unknown>;
}

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

function claimsOf(token: string): Record<string, unknown> | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function uidOf(claims: Record<string, unknown>): string | undefined {
  const uid = typeof claims.user_id === 'string' ? claims.user_id : claims.sub;
  return typeof uid === 'string' && uid.length > 0 && uid.length <= 128 ? uid : undefined;
}

export class IssuedTokens {
  private readonly tokens = new Map<string, IssuedToken>();
  private lastPrune = 0;

  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  /** Remembers a token the emulator issued; answers whether it was one (a JWT with a uid and expiry). */
  record(token: string): boolean {
    const claims = claimsOf(token);
    const uid = claims && uidOf(claims);
    if (!claims || !uid || typeof claims.exp !== 'number') return false;
    // Expired entries go at most once a minute, not on every sign-in.
    if (this.now() - this.lastPrune > 60_000) this.prune();
    this.tokens.set(hash(token), { uid, exp: claims.exp });
    return true;
  }

  /** The token's identity when this Auth service issued it and it has not expired. */
  verify(token: string, projectId: string): VerifiedToken | { reason: string } {
    const issued = this.tokens.get(hash(token));
    if (!issued) return { reason: 'the token was not issued by this Auth service' };
    if (issued.exp * 1000 <= this.now()) return { reason: 'the token has expired' };
    const claims = claimsOf(token) ?? {};
    if (claims.aud !== projectId) return { reason: `the token is for another project (${String(claims.aud)})` };
    return { ...issued, claims };
  }

  get size(): number {
    return this.tokens.size;
  }

  toJSON(): Record<string, IssuedToken> {
    this.prune();
    return Object.fromEntries(this.tokens);
  }

  /** Restores what toJSON() saved; entries of the wrong shape and expired ones are dropped. */
  load(saved: unknown): void {
    if (!saved || typeof saved !== 'object') return;
    for (const [key, value] of Object.entries(saved as Record<string, unknown>)) {
      const entry = value as Partial<IssuedToken> | null;
      if (typeof entry?.uid === 'string' && typeof entry.exp === 'number') this.tokens.set(key, { uid: entry.uid, exp: entry.exp });
    }
    this.prune();
  }

  private prune(): void {
    this.lastPrune = this.now();
    const nowSeconds = this.now() / 1000;
    for (const [key, token] of this.tokens) if (token.exp <= nowSeconds) this.tokens.delete(key);
  }
}
