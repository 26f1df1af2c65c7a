import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeIdentityToolkit, type FakeIdentityToolkit } from '../testing/fakeIdentityToolkit.ts';
import { createCurrentRoles, RoleUncheckableError } from './currentRoles.ts';
import { InvalidIdTokenError, type VerifiedIdentity } from './idTokens.ts';

/** Every identity here still carries the admin claim in its token: what matters is the account now. */
const tokenSays = (uid: string): VerifiedIdentity => ({ uid, email: `${uid}@shop.example`, exp: 2_000_000_000, role: 'admin' });

describe('in production: the project, asked with the service account', () => {
  let google: FakeIdentityToolkit;

  beforeAll(async () => {
    google = await startFakeIdentityToolkit();
  });

  afterAll(() => google?.close());

  it("answers each account's role as the Identity Toolkit has it at that moment, not as the token carries it", async () => {
    google.accounts.set('u-ada', { localId: 'u-ada', customAttributes: '{"role":"admin"}' });
    google.accounts.set('u-sam', { localId: 'u-sam', customAttributes: '{"role":"staff","tier":"gold"}' });
    google.accounts.set('u-off', { localId: 'u-off', customAttributes: '{"role":"admin"}', disabled: true });
    const roles = createCurrentRoles({ projectId: google.projectId, credentialsFile: google.credentialsFile, identityToolkitUrl: google.apiUrl });
    expect(await roles.roleOf(tokenSays('u-ada'), 'token')).toBe('admin');
    expect(await roles.roleOf(tokenSays('u-sam'), 'token')).toBe('staff');
    expect(await roles.roleOf(tokenSays('u-off'), 'token')).toBeNull();
    expect(await roles.roleOf(tokenSays('u-gone'), 'token')).toBeNull();

    google.accounts.set('u-ada', { localId: 'u-ada', customAttributes: '{}' });
    expect(await roles.roleOf(tokenSays('u-ada'), 'token')).toBeNull();
    expect(google.calls).toEqual(Array(5).fill({ path: `/v1/projects/${google.projectId}/accounts:lookup`, authorized: true }));
  });

  it('cannot say without a service account, or when Google does not answer', async () => {
    await expect(createCurrentRoles({ projectId: 'shop-prod' }).roleOf(tokenSays('u-ada'), 'token')).rejects.toThrow(
      new RoleUncheckableError("no GOOGLE_APPLICATION_CREDENTIALS: a staff member's current role cannot be asked of Firebase"),
    );
    const away = createCurrentRoles({ projectId: google.projectId, credentialsFile: google.credentialsFile, identityToolkitUrl: 'http://127.0.0.1:9' });
    await expect(away.roleOf(tokenSays('u-ada'), 'token')).rejects.toBeInstanceOf(RoleUncheckableError);
  });
});

describe("in development: the local Auth service's token check, asked for the account as it is now", () => {
  /** The local Auth service's answers to {idToken, current: true}, by token. */
  const answers: Record<string, [number, unknown]> = {
    admin: [200, { uid: 'u-ada', exp: 2_000_000_000, claims: { role: 'admin' }, current: { claims: { role: 'admin' }, disabled: false } }],
    revoked: [200, { uid: 'u-ada', exp: 2_000_000_000, claims: { role: 'admin' }, current: { claims: {}, disabled: false } }],
    disabled: [200, { uid: 'u-ada', exp: 2_000_000_000, claims: { role: 'admin' }, current: { claims: { role: 'admin' }, disabled: true } }],
    deleted: [200, { uid: 'u-ada', exp: 2_000_000_000, claims: { role: 'admin' }, current: null }],
    forged: [401, { message: 'the token was not issued by this Auth service' }],
    broken: [500, {}],
  };
  const asked: unknown[] = [];
  const auth = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const question = JSON.parse(body) as { idToken: string };
      asked.push(question);
      const [status, answer] = answers[question.idToken]!;
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

  it('answers the role the account has now; none once revoked, disabled or deleted', async () => {
    const roles = createCurrentRoles({ projectId: 'demo-storefront', authVerifyUrl: verifyUrl });
    expect(await roles.roleOf(tokenSays('u-ada'), 'admin')).toBe('admin');
    expect(await roles.roleOf(tokenSays('u-ada'), 'revoked')).toBeNull();
    expect(await roles.roleOf(tokenSays('u-ada'), 'disabled')).toBeNull();
    expect(await roles.roleOf(tokenSays('u-ada'), 'deleted')).toBeNull();
    expect(asked[0]).toEqual({ idToken: 'admin', current: true });
  });

  it('a token the Auth service does not vouch for is invalid; the Auth service failing or away is no answer', async () => {
    const roles = createCurrentRoles({ projectId: 'demo-storefront', authVerifyUrl: verifyUrl });
    await expect(roles.roleOf(tokenSays('u-ada'), 'forged')).rejects.toBeInstanceOf(InvalidIdTokenError);
    await expect(roles.roleOf(tokenSays('u-ada'), 'broken')).rejects.toEqual(new RoleUncheckableError('the local Auth service answered 500'));
    const away = createCurrentRoles({ projectId: 'demo-storefront', authVerifyUrl: 'http://127.0.0.1:9/storefront/v1/tokens:verify' });
    await expect(away.roleOf(tokenSays('u-ada'), 'admin')).rejects.toBeInstanceOf(RoleUncheckableError);
  });
});
