// The staff command against the local Auth service the shop runs (the emulator behind its proxy),
// as a person runs it: grant, list and revoke by e-mail; the role reaches the user's ID token at its
// next refresh (a new sign-in here) and the token check the services use sees it; mistakes are
// told in one line with exit code 1.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { startAuthEmulator, type RunningAuthEmulator } from '../emulators/index.ts';

jest.setTimeout(90_000);

let auth: RunningAuthEmulator;

beforeAll(async () => {
  auth = await startAuthEmulator({ port: 0, projectId: 'demo-staff-cli' });
});

afterAll(async () => {
  await auth?.stop();
});

function staff(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(__dirname, 'cli.ts'), ...args],
      { env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: auth.hostAndPort, FIREBASE_PROJECT_ID: 'demo-staff-cli', GOOGLE_APPLICATION_CREDENTIALS: '' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: stdout.trim(), stderr: stderr.trim() }),
    );
  });
}

async function signIn(email: string, password: string, signUp = false): Promise<{ uid: string; idToken: string }> {
  const response = await fetch(`${auth.url}/identitytoolkit.googleapis.com/v1/accounts:${signUp ? 'signUp' : 'signInWithPassword'}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { localId: string; idToken: string };
  return { uid: body.localId, idToken: body.idToken };
}

/** What the checkout service learns from a token: the local Auth service's verdict and the token's claims. */
async function claimsSeenByServices(idToken: string): Promise<Record<string, unknown>> {
  const response = await fetch(auth.verifyUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ idToken }) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { claims: Record<string, unknown> }).claims;
}

test('grant, list and revoke a role; a fresh token carries it, an older one does not', async () => {
  const ann = await signIn('ann@shop.example', 'secret-123', true);
  await signIn('shopper@example.com', 'secret-123', true);
  expect(await staff('list')).toEqual({
    code: 0,
    stdout: 'no staff on the local Auth service at ' + auth.hostAndPort + ' (project demo-staff-cli)',
    stderr: '',
  });

  const granted = await staff('grant', 'ann@shop.example', '--role', 'admin');
  expect(granted.code).toBe(0);
  expect(granted.stdout).toBe(
    `granted admin to ann@shop.example (uid ${ann.uid}) on the local Auth service at ${auth.hostAndPort} (project demo-staff-cli); it reaches their ID token at its next refresh (within the hour; signing out and in again applies it at once)`,
  );
  expect((await claimsSeenByServices(ann.idToken)).role).toBeUndefined();
  const refreshed = await signIn('ann@shop.example', 'secret-123');
  expect((await claimsSeenByServices(refreshed.idToken)).role).toBe('admin');

  expect((await staff('grant', 'ann@shop.example', '--role', 'staff')).code).toBe(0);
  expect((await staff('list')).stdout.split('\n')).toEqual([
    `staff on the local Auth service at ${auth.hostAndPort} (project demo-staff-cli):`,
    `staff  ann@shop.example ${ann.uid}`,
  ]);

  const revoked = await staff('revoke', 'ann@shop.example');
  expect(revoked.stdout).toMatch(/^revoked staff from ann@shop\.example/);
  expect((await claimsSeenByServices((await signIn('ann@shop.example', 'secret-123')).idToken)).role).toBeUndefined();
  expect((await staff('revoke', 'ann@shop.example')).stdout).toMatch(/has no staff role .*nothing changed$/);
});

test.each([
  [
    ['grant', 'nobody@example.com', '--role', 'admin'],
    /^no user with the e-mail nobody@example\.com on the local Auth service .*: they sign up in the shop first$/,
  ],
  [['grant', 'shopper@example.com', '--role', 'owner'], /^--role must be staff or admin/],
  [['grant', 'shopper@example.com'], /^--role must be staff or admin/],
  [['promote', 'shopper@example.com'], /^usage: npm run staff -- grant/],
  [[], /^usage: npm run staff -- grant/],
  [['grant', 'shopper@example.com', '--rol', 'admin'], /^Unknown option '--rol'.*\nusage: npm run staff -- grant/s],
])('%j is refused with one reason and exit code 1', async (args, reason) => {
  const answer = await staff(...args);
  expect(answer.code).toBe(1);
  expect(answer.stderr).toMatch(reason);
  expect(answer.stdout).toBe('');
});

test('--help prints the usage', async () => {
  expect(await staff('--help')).toMatchObject({ code: 0, stdout: expect.stringMatching(/^usage: npm run staff -- grant <email> --role staff\|admin/) });
});

test('the local Auth service not running is said so', async () => {
  const answer = await new Promise<{ code: number; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(__dirname, 'cli.ts'), 'list'],
      { env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9', GOOGLE_APPLICATION_CREDENTIALS: '' } },
      (error, _stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stderr: stderr.trim() }),
    );
  });
  expect(answer.code).toBe(1);
  expect(answer.stderr).toMatch(/^the local Auth service at 127\.0\.0\.1:9 \(project demo-storefront\) does not answer \(is the shop running\? npm start\)/);
});
