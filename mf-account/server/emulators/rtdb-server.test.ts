/** Pure parts of the database server's protocol handler. */
import { decodeEmulatorIdToken, normalizePath } from './rtdb-server.ts';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (claims: Record<string, unknown>, header: Record<string, unknown> = { alg: 'none', typ: 'JWT' }) =>
  `${b64(header)}.${b64(claims)}.`;
const now = Date.UTC(2026, 0, 1);
const valid = {
  aud: 'demo-storefront',
  iss: 'https://securetoken.google.com/demo-storefront',
  user_id: 'uid-A',
  sub: 'uid-A',
  email: 'a@example.com',
  iat: now / 1000 - 10,
  exp: now / 1000 + 3600,
  firebase: { sign_in_provider: 'password' },
};

describe('decodeEmulatorIdToken', () => {
  it('accepts an Auth-emulator token and yields its uid and claims', () => {
    const r = decodeEmulatorIdToken(token(valid), 'demo-storefront', now);
    expect(r).toEqual({ ok: true, uid: 'uid-A', claims: valid, exp: valid.exp });
  });

  it('falls back to sub when user_id is absent', () => {
    const { user_id: _drop, ...claims } = valid;
    expect(decodeEmulatorIdToken(token(claims), 'demo-storefront', now)).toMatchObject({ ok: true, uid: 'uid-A' });
  });

  it.each([
    ['not a JWT', 'abc', /not a JWT/],
    ['garbage segments', 'a.b.c', /malformed/],
    ['a signed (non-emulator) token', token(valid, { alg: 'RS256', kid: 'x' }), /only Auth-emulator/],
    ['an expired token', token({ ...valid, exp: now / 1000 - 1 }), /expired/],
    ['a token without exp', token({ ...valid, exp: undefined }), /expired/],
    ['a token for another project', token({ ...valid, aud: 'demo-other' }), /for project demo-other/],
    ['a token without uid', token({ ...valid, user_id: undefined, sub: undefined }), /no uid/],
    ['a token with an absurd uid', token({ ...valid, user_id: 'x'.repeat(129) }), /no uid/],
  ])('rejects %s', (_name, t, reason) => {
    const r = decodeEmulatorIdToken(t, 'demo-storefront', now);
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.reason).toMatch(reason);
  });
});

describe('normalizePath', () => {
  it.each([
    ['/users/a', 'users/a'],
    ['users/a/', 'users/a'],
    ['//users//a', 'users/a'],
    ['/', ''],
    ['', ''],
    [undefined, ''],
  ])('%s -> %s', (input, expected) => expect(normalizePath(input)).toBe(expected));
});
