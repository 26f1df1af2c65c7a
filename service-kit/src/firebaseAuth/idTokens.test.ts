import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalAuthVerifier, InvalidIdTokenError } from './idTokens.ts';

/** The local Auth service's issued-token check: POST {idToken} -> 200 {uid, exp, claims}, 401 for a token it never issued. */
const verdicts: Record<string, [number, unknown]> = {
  staff: [200, { uid: 'u-sam', exp: 2_000_000_000, claims: { email: 'sam@shop.example', role: 'staff' } }],
  shopper: [200, { uid: 'u-nora', exp: 2_000_000_000, claims: { role: 'owner' } }],
  forged: [401, { message: 'INVALID_ID_TOKEN' }],
  broken: [500, {}],
};
const auth = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    const [status, answer] = verdicts[(JSON.parse(body) as { idToken: string }).idToken]!;
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer));
  });
});

let verifyUrl: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => auth.listen(0, '127.0.0.1', resolve));
  verifyUrl = `http://127.0.0.1:${(auth.address() as AddressInfo).port}/storefront/v1/tokens:verify`;
});

afterAll(() => new Promise((resolve) => auth.close(resolve)));

test('an issued token names its user, e-mail and staff role; a claim nobody grants is no role', async () => {
  const verifier = createLocalAuthVerifier(verifyUrl);
  expect(await verifier.verify('staff')).toEqual({ uid: 'u-sam', email: 'sam@shop.example', exp: 2_000_000_000, role: 'staff' });
  expect(await verifier.verify('shopper')).toEqual({ uid: 'u-nora', email: null, exp: 2_000_000_000, role: null });
});

test("a token the Auth service never issued is invalid (the caller's 401); the Auth service failing is not (a 503)", async () => {
  const verifier = createLocalAuthVerifier(verifyUrl);
  await expect(verifier.verify('forged')).rejects.toEqual(new InvalidIdTokenError('INVALID_ID_TOKEN'));
  const failure = await verifier.verify('broken').catch((error: unknown) => error);
  expect(failure).not.toBeInstanceOf(InvalidIdTokenError);
  expect(failure).toEqual(new Error('the local Auth service answered 500'));
});
