/**
 * In production a service believes an ID token only for its signature by Firebase's keys. The
 * verifier runs as the services run it, in a Node process (jose is ESM-only, which jest's CommonJS
 * runtime cannot load), with the key set it fetches served here, so the test signs tokens as
 * "Firebase" and as anybody else.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { startFirebaseKeys, type FirebaseKeys } from '../testing/firebaseKeys.ts';

jest.setTimeout(30_000);

type Verdict = { identity: Record<string, unknown> } | { invalid: true } | { failed: string };

const verifierScript = `
  const { createIdTokenVerifier, InvalidIdTokenError } = await import(${JSON.stringify(path.join(__dirname, 'index.ts'))});
  const { projectId, keysUrl, tokens } = JSON.parse(process.argv.at(-1));
  const verifier = createIdTokenVerifier({ projectId, tokenKeysUrl: keysUrl });
  const verdicts = {};
  for (const [name, token] of Object.entries(tokens)) {
    try {
      verdicts[name] = { identity: await verifier.verify(token) };
    } catch (error) {
      verdicts[name] = error instanceof InvalidIdTokenError ? { invalid: true } : { failed: error.message };
    }
  }
  console.log(JSON.stringify(verdicts));
`;

/** What production's verifier says of each token. */
function verdicts(keysUrl: string, tokens: Record<string, string>): Promise<Record<string, Verdict>> {
  const input = JSON.stringify({ projectId: firebase.projectId, keysUrl, tokens });
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--input-type=module', '-e', verifierScript, input], (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout) as Record<string, Verdict>),
    );
  });
}

let firebase: FirebaseKeys;

beforeAll(async () => {
  firebase = await startFirebaseKeys();
});

afterAll(() => firebase?.close());

test("a token Firebase signed names its user and staff role; any other is invalid (the caller's 401)", async () => {
  const { claims, token } = firebase;
  const now = Math.floor(Date.now() / 1000);
  const [header, , signature] = token(claims('uid-nora')).split('.');
  expect(
    await verdicts(firebase.keysUrl, {
      staff: token(claims('uid-sam', { role: 'staff' })),
      shopper: token(claims('uid-nora', { role: 'owner' })),
      stranger: token(claims('uid-ada', { role: 'admin' }), 'stranger'),
      unsigned: token(claims('uid-ada', { role: 'admin' }), 'nobody'),
      edited: `${header}.${Buffer.from(JSON.stringify(claims('uid-nora', { role: 'admin' }))).toString('base64url')}.${signature}`,
      otherProject: token(claims('uid-ada', { aud: 'other-project', iss: 'https://securetoken.google.com/other-project' })),
      expired: token(claims('uid-ada', { exp: now - 10 })),
      noUser: token(claims('')),
      signedInLater: token(claims('uid-ada', { auth_time: now + 3600 })),
    }),
  ).toEqual({
    staff: { identity: { uid: 'uid-sam', email: 'uid-sam@example.com', role: 'staff', exp: expect.any(Number) } },
    shopper: { identity: { uid: 'uid-nora', email: 'uid-nora@example.com', role: null, exp: expect.any(Number) } },
    stranger: { invalid: true },
    unsigned: { invalid: true },
    edited: { invalid: true },
    otherProject: { invalid: true },
    expired: { invalid: true },
    noUser: { invalid: true },
    signedInLater: { invalid: true },
  });
});

test("Google's keys out of reach make a token uncheckable, not invalid (the service's 503)", async () => {
  const answer = await verdicts('http://127.0.0.1:9/jwks', { staff: firebase.token(firebase.claims('uid-sam', { role: 'staff' })) });
  expect(answer.staff).toMatchObject({ failed: expect.any(String) });
});
