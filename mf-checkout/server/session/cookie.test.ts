import { decodeSession, encodeSession, readCookie, sessionCookieHeader } from './cookie.ts';

const secret = 'a-test-secret-that-is-long-enough-0123';

describe('session cookie', () => {
  const session = { uid: 'u1', email: 'u1@example.com', exp: 2_000 };

  test('round-trips while unexpired', () => {
    expect(decodeSession(encodeSession(session, secret), secret, 1_999)).toEqual(session);
  });

  test('is refused when expired, tampered, or signed with another secret', () => {
    const value = encodeSession(session, secret);
    expect(decodeSession(value, secret, 2_000)).toBeNull();
    const [payload, signature] = value.split('.');
    const forged = Buffer.from(JSON.stringify({ ...session, uid: 'admin' })).toString('base64url');
    expect(decodeSession(`${forged}.${signature}`, secret, 1)).toBeNull();
    expect(decodeSession(`${payload}.${signature}x`, secret, 1)).toBeNull();
    expect(decodeSession(value, `${secret}!`, 1)).toBeNull();
    expect(decodeSession('garbage', secret, 1)).toBeNull();
    expect(decodeSession('a.b.c', secret, 1)).toBeNull();
  });

  test('reads one cookie out of a header', () => {
    expect(readCookie('a=1; checkout_session=xyz.abc; b=2', 'checkout_session')).toBe('xyz.abc');
    expect(readCookie('checkout_sessionx=1', 'checkout_session')).toBeUndefined();
    expect(readCookie(undefined, 'checkout_session')).toBeUndefined();
  });

  test('is HttpOnly and SameSite=Strict, Secure over HTTPS', () => {
    expect(sessionCookieHeader('v', 60, false)).toBe('checkout_session=v; Path=/; HttpOnly; SameSite=Strict; Max-Age=60');
    expect(sessionCookieHeader('v', 60, true)).toMatch(/; Secure$/);
  });
});
