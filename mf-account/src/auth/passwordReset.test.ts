import { AccountError } from '../firebase/errors.ts';
import { PASSWORD_RESET_PATH, requestPasswordReset } from './passwordReset.ts';

const answer = (status: number) => ({ status, ok: status >= 200 && status < 300, json: async () => ({}) }) as Response;

async function kindOf(promise: Promise<unknown>): Promise<string> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AccountError);
  return (error as AccountError).kind;
}

describe('requestPasswordReset', () => {
  it('tells a checkout service without the endpoint (an older release) from a refusal', async () => {
    expect(await requestPasswordReset({ fetch: async () => answer(404), language: () => 'en' }, 'ann@example.com')).toBe('not-offered');
  });

  it('posts the address and the shopper’s language to the checkout service', async () => {
    const fetch = jest.fn(async () => answer(202));
    expect(await requestPasswordReset({ fetch, language: () => 'ru' }, ' ann@example.com ')).toBe('sent');
    expect(fetch).toHaveBeenCalledWith(PASSWORD_RESET_PATH, expect.objectContaining({ method: 'POST', credentials: 'same-origin' }));
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ann@example.com', lang: 'ru' });
    expect(init.headers).toMatchObject({ 'content-type': 'application/json' });
  });

  it('names each failure by the kind the login form already has a message for', async () => {
    const deps = (status: number) => ({ fetch: async () => answer(status), language: () => 'en' });
    expect(await kindOf(requestPasswordReset(deps(429), 'ann@example.com'))).toBe('too-many-requests');
    expect(await kindOf(requestPasswordReset(deps(400), 'ann@example.com'))).toBe('invalid-email');
    expect(await kindOf(requestPasswordReset(deps(503), 'ann@example.com'))).toBe('unavailable');
    expect(await kindOf(requestPasswordReset(deps(500), 'ann@example.com'))).toBe('unavailable');
    const offline = { fetch: () => Promise.reject(new TypeError('Failed to fetch')), language: () => 'en' };
    expect(await kindOf(requestPasswordReset(offline, 'ann@example.com'))).toBe('network');
  });
});
