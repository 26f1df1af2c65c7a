import { IssuedTokens } from './issuedTokens.ts';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (claims: Record<string, unknown>) => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
const now = Date.UTC(2026, 0, 1);
const claims = {
  aud: 'demo-storefront',
  iss: 'https://securetoken.google.com/demo-storefront',
  user_id: 'uid-A',
  sub: 'uid-A',
  email: 'a@example.com',
  iat: now / 1000 - 10,
  exp: now / 1000 + 3600,
};

describe('IssuedTokens', () => {
  it('vouches for a token it recorded, with its uid, expiry and claims', () => {
    const tokens = new IssuedTokens(() => now);
    expect(tokens.record(token(claims))).toBe(true);
    expect(tokens.verify(token(claims), 'demo-storefront')).toEqual({ uid: 'uid-A', exp: claims.exp, claims });
  });

  it('refuses a token of the same shape that it never issued: anyone can write an unsigned token', () => {
    const tokens = new IssuedTokens(() => now);
    tokens.record(token(claims));
    const forged = token({ ...claims, user_id: 'uid-B', sub: 'uid-B' });
    expect(tokens.verify(forged, 'demo-storefront')).toEqual({ reason: 'the token was not issued by this Auth service' });
    expect(tokens.verify(`${token(claims)}x`, 'demo-storefront')).toHaveProperty('reason');
  });

  it('refuses an issued token once it has expired, and one for another project', () => {
    let clock = now;
    const tokens = new IssuedTokens(() => clock);
    tokens.record(token(claims));
    expect(tokens.verify(token(claims), 'demo-other')).toEqual({ reason: 'the token is for another project (demo-storefront)' });
    clock = claims.exp * 1000;
    expect(tokens.verify(token(claims), 'demo-storefront')).toEqual({ reason: 'the token has expired' });
  });

  it('ignores answers that are not tokens with a uid and an expiry', () => {
    const tokens = new IssuedTokens(() => now);
    expect(tokens.record('not-a-jwt')).toBe(false);
    expect(tokens.record(token({ ...claims, user_id: undefined, sub: undefined }))).toBe(false);
    expect(tokens.record(token({ ...claims, exp: undefined }))).toBe(false);
    expect(tokens.size).toBe(0);
  });

  it('survives a restart through toJSON/load, dropping expired entries and damaged ones', () => {
    let clock = now;
    const before = new IssuedTokens(() => clock);
    before.record(token(claims));
    before.record(token({ ...claims, user_id: 'uid-old', exp: now / 1000 + 5 }));
    const saved = JSON.parse(JSON.stringify(before)) as Record<string, unknown>;
    clock = now + 10_000;
    const after = new IssuedTokens(() => clock);
    after.load({ ...saved, junk: { uid: 3 } });
    expect(after.size).toBe(1);
    expect(after.verify(token(claims), 'demo-storefront')).toMatchObject({ uid: 'uid-A' });
  });
});
