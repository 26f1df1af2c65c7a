// The staff command against the local Auth service the shop runs (the emulator behind its proxy),
// as a person runs it: grant, list and revoke by e-mail; the role reaches the user's ID token at its
// next refresh (a new sign-in here) and the token check the services use sees it; a revoke also ends
// the user's sessions; mistakes are told in one line with exit code 1.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAuthEmulator, type RunningAuthEmulator } from '../../../stand-ins/firebase/index.ts';

jest.setTimeout(90_000);

let auth: RunningAuthEmulator;

beforeAll(async () => {
  auth = await startAuthEmulator({ port: 0, projectId: 'demo-staff-cli' });
});

afterAll(async () => {
  await auth?.stop();
});

function run(env: NodeJS.ProcessEnv, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(__dirname, 'cli.ts'), ...args],
      { env: { ...process.env, GOOGLE_APPLICATION_CREDENTIALS: '', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: stdout.trim(), stderr: stderr.trim() }),
    );
  });
}

const staff = (...args: string[]) =>
  run({ FIREBASE_AUTH_EMULATOR_HOST: auth.hostAndPort, FIREBASE_PROJECT_ID: 'demo-staff-cli', FIREBASE_AUTH_EMULATOR_SECRET: auth.adminSecret }, ...args);

async function signIn(email: string, password: string, signUp = false): Promise<{ uid: string; idToken: string; refreshToken: string }> {
  const response = await fetch(`${auth.url}/identitytoolkit.googleapis.com/v1/accounts:${signUp ? 'signUp' : 'signInWithPassword'}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { localId: string; idToken: string; refreshToken: string };
  return { uid: body.localId, idToken: body.idToken, refreshToken: body.refreshToken };
}

/** A session's next token refresh, as the web SDK asks it. */
function refresh(refreshToken: string): Promise<Response> {
  return fetch(`${auth.url}/securetoken.googleapis.com/v1/token?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
  });
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

  const session = await signIn('ann@shop.example', 'secret-123');
  expect((await refresh(session.refreshToken)).status).toBe(200);
  // A revoke ends the sessions signed in before its second (Firebase's validSince counts whole seconds).
  await new Promise((resolve) => setTimeout(resolve, 1050 - (Date.now() % 1000)));
  const revoked = await staff('revoke', 'ann@shop.example');
  expect(revoked.stdout).toBe(
    `revoked staff from ann@shop.example (uid ${ann.uid}) on the local Auth service at ${auth.hostAndPort} (project demo-staff-cli); their next change in the back office is refused, and their sessions end at the next refresh of their ID token (within the hour)`,
  );
  expect((await claimsSeenByServices(session.idToken)).role).toBe('staff');
  expect((await refresh(session.refreshToken)).status).toBe(400);
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
  const answer = await run({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9', FIREBASE_AUTH_EMULATOR_SECRET: auth.adminSecret }, 'list');
  expect(answer.code).toBe(1);
  expect(answer.stderr).toMatch(/^the local Auth service at 127\.0\.0\.1:9 \(project demo-storefront\) does not answer \(is the shop running\? npm start\)/);
});

test("it presents the shop's administrator secret from the data folder, and says where it looked when there is none", async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'staff-cli-'));
  try {
    const answer = await run({ FIREBASE_AUTH_EMULATOR_HOST: auth.hostAndPort, DATA_DIR: dataDir, FIREBASE_AUTH_EMULATOR_SECRET: '' }, 'list');
    expect(answer).toMatchObject({ code: 1, stdout: '' });
    expect(answer.stderr).toBe(
      `the local Auth service's administrator secret is not in ${path.join(dataDir, 'auth-admin.secret')}: start the shop (npm start) with the same DATA_DIR, or set FIREBASE_AUTH_EMULATOR_SECRET`,
    );
    const wrong = await run({ FIREBASE_AUTH_EMULATOR_HOST: auth.hostAndPort, FIREBASE_AUTH_EMULATOR_SECRET: 'owner' }, 'list');
    expect(wrong.stderr).toMatch(/refused \/accounts:batchGet: INSUFFICIENT_PERMISSION/);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
