import { requestIdFrom } from './requestId.ts';

describe('requestIdFrom', () => {
  it("keeps a sane caller's id", () => {
    expect(requestIdFrom('gw-8f14e45f-ceea-467f')).toBe('gw-8f14e45f-ceea-467f');
    expect(requestIdFrom(['abcdefgh1234', 'other'])).toBe('abcdefgh1234');
  });

  it.each([undefined, '', 'short', 'has space inside it', '<script>alert(1)</script>', 'x'.repeat(129), 'line\nbreak-injected'])(
    'makes a new one for %p',
    (header) => {
      expect(requestIdFrom(header)).toMatch(/^[0-9a-f-]{36}$/);
    },
  );
});
