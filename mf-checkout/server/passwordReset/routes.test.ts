import { startAuthEmulator, type AuthEmulator } from '../../../stand-ins/firebase/testing/authService.ts';
import { startFakeCatalog, type FakeCatalog } from '../testing/fakeCatalog.ts';
import { openTestRepository, request, startTestServer, type TestServer, type TestStorage } from '../testing/harness.ts';
import { IdentityToolkitError } from 'service-kit/firebase-auth';
import { createResetCodes } from './resetCodes.ts';
import { resetLink } from './routes.ts';

jest.setTimeout(120_000);

let auth: AuthEmulator;
let catalog: FakeCatalog;
let storage: TestStorage;
let server: TestServer;

beforeAll(async () => {
  auth = await startAuthEmulator();
  catalog = await startFakeCatalog([]);
  storage = await openTestRepository('sqlite');
  server = await startTestServer({
    repository: storage.repository,
    catalog,
    stripeMockUrl: 'http://127.0.0.1:9',
    config: {
      auth: { emulatorHost: auth.hostAndPort, emulatorSecret: auth.adminSecret, credentialsFile: undefined },
      mail: {
        smtpUrl: undefined,
        from: 'Storefront <shop@storefront.localhost>',
        shopName: 'Storefront',
        publicOrigin: 'http://localhost:3000',
        maxAttempts: 10,
        retryBaseMs: 5_000,
        retryMaxMs: 300_000,
        pollMs: 1_000,
        sentRetentionDays: 30,
      },
    },
    deps: { mailTransport: null },
  });
});

afterAll(async () => {
  await server?.stop();
  await storage?.cleanup();
  await catalog?.close();
  await auth?.stop();
});

const resets = async () => (await storage.repository.outbox.list({})).filter((message) => message.kind === 'password-reset');

test('an account gets a reset message in its language, with a link to the shop’s own page whose code the Auth service takes', async () => {
  await auth.signUp('reset-me@example.com', 'old-password-1');
  const answer = await request(`${server.url}/api/checkout/password-reset`, { body: { email: ' Reset-Me@example.com ', lang: 'ru' } });
  expect(answer).toMatchObject({ status: 202, body: {} });
  const [message] = await resets();
  expect(message).toMatchObject({ recipient: 'reset-me@example.com', lang: 'ru', state: 'queued', orderId: null });
  const link = new URL((message!.data as { link: string }).link);
  expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/reset-password');
  expect(link.searchParams.get('mode')).toBe('resetPassword');
  expect(link.searchParams.get('lang')).toBe('ru');
  const oobCode = link.searchParams.get('oobCode')!;
  expect(oobCode).toBeTruthy();

  // The code is the Auth service's own: it sets the new password.
  const [host, port] = auth.hostAndPort.split(':');
  const reset = await fetch(`http://${host}:${port}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ oobCode, newPassword: 'new-password-2' }),
  });
  expect(reset.status).toBe(200);
  const signIn = await fetch(`http://${host}:${port}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'reset-me@example.com', password: 'new-password-2', returnSecureToken: true }),
  });
  expect(signIn.status).toBe(200);
});

test('an unknown address gets the same answer and no message; an old page without a language gets English', async () => {
  const before = (await resets()).length;
  expect(await request(`${server.url}/api/checkout/password-reset`, { body: { email: 'nobody-here@example.com', lang: 'en' } })).toMatchObject({
    status: 202,
    body: {},
  });
  expect(await resets()).toHaveLength(before);
  await auth.signUp('english@example.com', 'old-password-1');
  expect((await request(`${server.url}/api/checkout/password-reset`, { body: { email: 'english@example.com' } })).status).toBe(202);
  expect((await resets()).at(-1)).toMatchObject({ recipient: 'english@example.com', lang: 'en' });
});

test('a malformed address is refused with the form’s words; the Auth service away is a 503, not a lie', async () => {
  const malformed = await request(`${server.url}/api/checkout/password-reset`, { body: { email: 'not-an-address' } });
  expect(malformed.status).toBe(400);
  expect(JSON.stringify(malformed.body)).toContain('Please enter the valid email');
  const away = createResetCodes({ kind: 'emulator', hostAndPort: '127.0.0.1:9', projectId: 'demo-storefront', adminSecret: auth.adminSecret });
  await expect(away.codeFor('a@example.com')).rejects.toBeInstanceOf(IdentityToolkitError);
});

test('the link: the shop’s origin, its reset page, the code and language encoded', () => {
  expect(resetLink('https://shop.example', 'a+b/c=', 'en')).toBe('https://shop.example/reset-password?mode=resetPassword&oobCode=a%2Bb%2Fc%3D&lang=en');
});
