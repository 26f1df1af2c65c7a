import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createIdentityToolkit, IdentityToolkitError, type AuthTarget } from './identityToolkit.ts';

/** What the Auth service answers each call with, by path; every request is recorded. */
let answers: Record<string, (body: Record<string, unknown>, query: URLSearchParams) => [number, unknown]> = {};
const requests: { path: string; authorization: string | undefined; body: Record<string, unknown> }[] = [];
const auth = http.createServer((request, response) => {
  let text = '';
  request.on('data', (chunk: Buffer) => (text += chunk.toString()));
  request.on('end', () => {
    const url = new URL(request.url ?? '/', 'http://auth');
    const path = url.pathname.replace('/identitytoolkit.googleapis.com/v1/projects/demo-kit', '');
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    requests.push({ path, authorization: request.headers.authorization, body });
    const [status, answer] = answers[path]?.(body, url.searchParams) ?? [404, { error: { message: 'NOT_FOUND' } }];
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer));
  });
});

let target: AuthTarget;

beforeAll(async () => {
  await new Promise<void>((resolve) => auth.listen(0, '127.0.0.1', resolve));
  target = {
    kind: 'emulator',
    hostAndPort: `127.0.0.1:${(auth.address() as AddressInfo).port}`,
    projectId: 'demo-kit',
    adminSecret: 'local-auth-admin-secret',
  };
});

afterAll(() => new Promise((resolve) => auth.close(resolve)));

beforeEach(() => {
  answers = {};
  requests.length = 0;
});

test('a reset code comes from the code or the link the Auth service answers; no account (or a disabled one) is null', async () => {
  const toolkit = createIdentityToolkit(target);
  answers['/accounts:sendOobCode'] = (body) => {
    if (body.email === 'ann@example.com') return [200, { oobCode: 'code-ann' }];
    if (body.email === 'bo@example.com') return [200, { oobLink: 'http://auth/reset?mode=resetPassword&oobCode=code-bo' }];
    if (body.email === 'off@example.com') return [400, { error: { message: 'USER_DISABLED' } }];
    return [400, { error: { message: 'EMAIL_NOT_FOUND' } }];
  };
  expect(await toolkit.passwordResetCode('ann@example.com')).toBe('code-ann');
  expect(await toolkit.passwordResetCode('bo@example.com')).toBe('code-bo');
  expect(await toolkit.passwordResetCode('off@example.com')).toBeNull();
  expect(await toolkit.passwordResetCode('nobody@example.com')).toBeNull();
  expect(requests[0]).toEqual({
    path: '/accounts:sendOobCode',
    authorization: 'Bearer local-auth-admin-secret',
    body: { requestType: 'PASSWORD_RESET', email: 'ann@example.com', returnOobLink: true },
  });
});

test('a refusal carries the reason, an Auth service away says so, and an answer without a code is no code', async () => {
  const toolkit = createIdentityToolkit(target);
  answers['/accounts:sendOobCode'] = () => [503, { error: { message: 'QUOTA_EXCEEDED' } }];
  await expect(toolkit.passwordResetCode('ann@example.com')).rejects.toMatchObject({ reason: 'QUOTA_EXCEEDED' });
  answers['/accounts:sendOobCode'] = () => [200, {}];
  await expect(toolkit.passwordResetCode('ann@example.com')).rejects.toThrow('answered a password reset without a code');
  const away = createIdentityToolkit({ kind: 'emulator', hostAndPort: '127.0.0.1:9', projectId: 'demo-kit', adminSecret: 'local-auth-admin-secret' });
  const error = (await away.findByEmail('ann@example.com').catch((e: unknown) => e)) as IdentityToolkitError;
  expect(error).toBeInstanceOf(IdentityToolkitError);
  expect(error.reason).toBeNull();
  expect(error.message).toMatch(/^the local Auth service at 127\.0\.0\.1:9 \(project demo-kit\) does not answer/);
  const unsigned = createIdentityToolkit({ kind: 'project', projectId: 'shop-prod', accessToken: () => Promise.reject(new Error('key revoked')) });
  await expect(unsigned.findByEmail('ann@example.com')).rejects.toThrow('no credential for Firebase project shop-prod: key revoked');
});

test('a role is set and removed beside the custom claims a user has; every user is read page by page', async () => {
  const toolkit = createIdentityToolkit(target);
  answers['/accounts:lookup'] = () => [200, { users: [{ localId: 'u1', email: 'ann@example.com', customAttributes: '{"tier":"gold"}' }] }];
  answers['/accounts:update'] = () => [200, {}];
  answers['/accounts:batchGet'] = (_body, query) =>
    query.get('nextPageToken') ? [200, { users: [{ localId: 'u2' }] }] : [200, { users: [{ localId: 'u1', email: 'ann@example.com' }], nextPageToken: 'p2' }];
  const ann = await toolkit.findByEmail('ann@example.com');
  expect(ann).toEqual({ uid: 'u1', email: 'ann@example.com', claims: { tier: 'gold' }, disabled: false });
  await toolkit.setRole(ann!, 'admin');
  await toolkit.setRole({ ...ann!, claims: { tier: 'gold', role: 'admin' } }, null);
  expect(requests.filter((r) => r.path === '/accounts:update').map((r) => JSON.parse(String(r.body.customAttributes)))).toEqual([
    { tier: 'gold', role: 'admin' },
    { tier: 'gold' },
  ]);
  const everyone = [];
  for await (const user of toolkit.allUsers()) everyone.push(user.uid);
  expect(everyone).toEqual(['u1', 'u2']);
});

test('a user is found by uid as they are now, and their sessions end from this second on', async () => {
  const toolkit = createIdentityToolkit(target);
  answers['/accounts:lookup'] = (body) =>
    (body.localId as string[])[0] === 'u1' ? [200, { users: [{ localId: 'u1', customAttributes: '{"role":"staff"}', disabled: true }] }] : [200, {}];
  answers['/accounts:update'] = () => [200, {}];
  expect(await toolkit.findByUid('u1')).toEqual({ uid: 'u1', email: null, claims: { role: 'staff' }, disabled: true });
  expect(await toolkit.findByUid('nobody')).toBeNull();
  await toolkit.revokeSessions('u1', () => 1_900_000_000_999);
  expect(requests.at(-1)).toEqual({
    path: '/accounts:update',
    authorization: 'Bearer local-auth-admin-secret',
    body: { localId: 'u1', validSince: '1900000000' },
  });
});
