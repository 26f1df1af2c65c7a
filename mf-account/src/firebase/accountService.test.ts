/**
 * The account service end to end: firebase@12 web SDK -> firebase-tools Auth emulator + local Realtime
 * Database (database.rules.json enforced). One pair of servers for the file.
 */
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, setLogLevel } from 'firebase/app';
import { connectDatabaseEmulator, get, getDatabase, ref } from 'firebase/database';
import { startAccountBackends, startDatabaseServer, type RunningAccountBackends, type RunningDatabaseServer } from '../../../stand-ins/firebase/index.ts';
import { freePort } from '../../../tools/kit/processes.ts';
import { signUp, uniqueEmail } from '../../../stand-ins/firebase/testing/accounts.ts';
import { rejection } from '../../server/testing/backends.ts';
import { createAccountService, recordFromSignUp, type AccountService, type SignUpInput } from './accountService.ts';
import { AccountError } from './errors.ts';

jest.setTimeout(30_000);
setLogLevel('error');

let backends: RunningAccountBackends;
const services: AccountService[] = [];

function service(overrides: Record<string, unknown> = {}, options: Parameters<typeof createAccountService>[1] = {}): AccountService {
  const s = createAccountService({ ...backends.clientConfig, ...overrides }, { appName: `t-${randomUUID()}`, persistence: 'memory', ...options });
  services.push(s);
  return s;
}

const form = (email: string, password = 'abcd1234'): SignUpInput => ({
  firstName: ' Ann ',
  lastName: 'Lee',
  email: ` ${email} `,
  telephone: '+371 2000 0000',
  address1: 'Brivibas iela 1',
  address2: 'Apt. 2',
  city: 'Riga',
  postCode: 'LV-1050',
  country: 'Latvia',
  region: 'Riga',
  newsletter: true,
  password,
});

/** Reads a path as the administrator (the database's admin secret), independent of the service under test. */
async function adminRead(path: string): Promise<unknown> {
  const app = initializeApp({ apiKey: 'demo-api-key', projectId: backends.projectId, databaseURL: backends.database.url }, `admin-${randomUUID()}`);
  try {
    const db = getDatabase(app);
    connectDatabaseEmulator(db, backends.database.host, backends.database.port, { mockUserToken: backends.database.adminSecret });
    return (await get(ref(db, path))).val();
  } finally {
    await deleteApp(app);
  }
}

async function oobCodes(): Promise<Array<{ email: string; requestType: string; oobCode: string }>> {
  const res = await fetch(`${backends.auth.url}/emulator/v1/projects/${backends.projectId}/oobCodes`, {
    headers: { authorization: `Bearer ${backends.auth.adminSecret}` },
  });
  return ((await res.json()) as { oobCodes: Array<{ email: string; requestType: string; oobCode: string }> }).oobCodes;
}

beforeAll(async () => {
  backends = await startAccountBackends({ projectId: 'demo-service-test', auth: { port: 0 }, database: { port: 0 } });
}, 120_000);

afterAll(async () => {
  await Promise.allSettled(services.map((s) => s.dispose()));
  await backends?.stop();
}, 30_000);

describe('signUp', () => {
  it('creates the account, writes users/{uid} and leaves the user signed in', async () => {
    const s = service();
    const email = uniqueEmail('ann');
    const { user, record } = await s.signUp(form(email));
    expect(user.email).toBe(email);
    expect(record).toEqual({
      username: 'Ann',
      email,
      lastName: 'Lee',
      telephone: '+371 2000 0000',
      address1: 'Brivibas iela 1',
      address2: 'Apt. 2',
      city: 'Riga',
      postCode: 'LV-1050',
      country: 'Latvia',
      region: 'Riga',
      newsletter: true,
    });
    expect(await adminRead(`users/${user.uid}`)).toEqual(record);
    expect(user.displayName).toBe('Ann');
    expect(s.currentUser()).toEqual(user);
    expect(await s.readOwnRecord(user.uid)).toEqual(record);
  });

  it('reports email-already-in-use', async () => {
    const email = uniqueEmail('dup');
    await service().signUp(form(email));
    const error = await rejection(service().signUp(form(email)));
    expect(error).toBeInstanceOf(AccountError);
    expect(error.kind).toBe('email-already-in-use');
  });

  it('reports weak-password (Firebase minimum)', async () => {
    const error = await rejection(service().signUp(form(uniqueEmail('weak'), 'a1')));
    expect(error.kind).toBe('weak-password');
  });

  it('reports invalid-data for a record the database would refuse, before creating any account', async () => {
    const s = service();
    const email = uniqueEmail('blank');
    expect((await rejection(s.signUp({ ...form(email), firstName: '   ' }))).kind).toBe('invalid-data');
    expect((await rejection(s.signIn(email, 'abcd1234'))).kind).toBe('invalid-credential');
  });

  it('reports too_big and removes the new account again when the record write fails', async () => {
    const tiny: RunningDatabaseServer = await startDatabaseServer({
      port: 0,
      projectId: backends.projectId,
      maxWriteBytes: 100,
      authVerifyUrl: backends.auth.verifyUrl,
    });
    try {
      const s = service({ databaseURL: tiny.url, databaseEmulatorHost: tiny.hostAndPort });
      const email = uniqueEmail('big');
      expect((await rejection(s.signUp(form(email)))).kind).toBe('too_big');
      // Rolled back: the same email can sign up again (on the normal database).
      await service().signUp(form(email));
    } finally {
      await tiny.stop();
    }
  });

  it('reports unavailable when the database does not answer, and rolls back', async () => {
    const deadPort = await freePort();
    const s = service(
      { databaseURL: `http://127.0.0.1:${deadPort}/?ns=${backends.projectId}`, databaseEmulatorHost: `127.0.0.1:${deadPort}` },
      { databaseTimeoutMs: 1500 },
    );
    const email = uniqueEmail('offline');
    expect((await rejection(s.signUp(form(email)))).kind).toBe('unavailable');
    expect((await rejection(service().signIn(email, 'abcd1234'))).kind).toBe('invalid-credential');
  });
});

describe('signIn / signOut / onUser', () => {
  let email: string;
  let uid: string;
  beforeAll(async () => {
    email = uniqueEmail('bob');
    uid = (await signUp(backends.auth.url, email, 'bob-pass-1')).uid;
  });

  it('signs in, notifies onUser, and signs out', async () => {
    const s = service();
    const seen: Array<string | null> = [];
    const unsubscribe = s.onUser((u) => seen.push(u ? u.uid : null));
    const user = await s.signIn(` ${email} `, 'bob-pass-1');
    expect(user).toEqual({ uid, email, displayName: null });
    const token = await s.getIdToken();
    expect(JSON.parse(Buffer.from(String(token).split('.')[1] ?? '', 'base64url').toString())).toMatchObject({ user_id: uid, aud: backends.projectId });
    await s.signOut();
    expect(s.currentUser()).toBeNull();
    expect(await s.getIdToken()).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    unsubscribe();
    expect(seen).toEqual([null, uid, null]);
  });

  it('reports invalid-credential for a wrong password and for an unknown email alike', async () => {
    const s = service();
    expect((await rejection(s.signIn(email, 'wrong-pass-1'))).kind).toBe('invalid-credential');
    expect((await rejection(s.signIn(uniqueEmail('nobody'), 'whatever-1'))).kind).toBe('invalid-credential');
  });

  it('reports network when the Auth service cannot be reached', async () => {
    const deadPort = await freePort();
    const s = service({ authEmulatorHost: `127.0.0.1:${deadPort}` });
    // firebase/auth leaves its 30 s request-timeout timer running when fetch rejects (it clears it only
    // on a response), which would keep jest alive; fake timers make that timer inert for this call.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      expect((await rejection(s.signIn(email, 'bob-pass-1'))).kind).toBe('network');
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('sendReset (Firebase’s own mail, when the shop sends none)', () => {
  it('succeeds for a known email and sends a reset code', async () => {
    const email = uniqueEmail('forgot');
    await signUp(backends.auth.url, email, 'forgot-pass-1');
    await service().sendReset(email);
    expect((await oobCodes()).some((c) => c.email === email && c.requestType === 'PASSWORD_RESET')).toBe(true);
  });

  it('succeeds for an unknown email too (never reveals whether an account exists), sending nothing', async () => {
    const email = uniqueEmail('ghost');
    await expect(service().sendReset(email)).resolves.toBeUndefined();
    expect((await oobCodes()).some((c) => c.email === email)).toBe(false);
  });
});

describe('verifyResetCode / confirmReset', () => {
  /** A reset code as the shop's mail carries it: asked of the Auth service, read from its record of codes. */
  async function resetCode(email: string): Promise<string> {
    const res = await fetch(`${backends.auth.url}/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requestType: 'PASSWORD_RESET', email }),
    });
    expect(res.ok).toBe(true);
    const code = (await oobCodes()).findLast((c) => c.email === email && c.requestType === 'PASSWORD_RESET')?.oobCode;
    if (!code) throw new Error(`no reset code for ${email}`);
    return code;
  }

  it('names the account of a code, sets the new password once, and the old one stops working', async () => {
    const email = uniqueEmail('forgot');
    await signUp(backends.auth.url, email, 'forgot-pass-1');
    const code = await resetCode(email);
    const s = service();
    expect(await s.verifyResetCode(code)).toBe(email);
    await s.confirmReset(code, 'new-pass-22');
    expect((await s.signIn(email, 'new-pass-22')).email).toBe(email);
    await s.signOut();
    expect((await rejection(s.signIn(email, 'forgot-pass-1'))).kind).toBe('invalid-credential');
    // A used code is refused, whichever step it is given to.
    expect((await rejection(s.verifyResetCode(code))).kind).toBe('invalid-action-code');
    expect((await rejection(s.confirmReset(code, 'other-pass-3'))).kind).toBe('invalid-action-code');
  });

  it('refuses a code it never issued', async () => {
    expect((await rejection(service().verifyResetCode('not-a-real-code'))).kind).toBe('invalid-action-code');
  });
});

describe('readOwnRecord / updateOwnRecord', () => {
  let s: AccountService;
  let uid: string;
  let otherUid: string;
  beforeAll(async () => {
    s = service();
    uid = (await s.signUp(form(uniqueEmail('rec')))).user.uid;
    otherUid = (await service().signUp(form(uniqueEmail('other')))).user.uid;
  });

  it('updates some fields of the own record', async () => {
    await s.updateOwnRecord(uid, { city: 'Tallinn', newsletter: false });
    expect(await s.readOwnRecord(uid)).toMatchObject({ username: 'Ann', city: 'Tallinn', newsletter: false });
  });

  it('keeps the display name in step with a changed username', async () => {
    await s.updateOwnRecord(uid, { username: 'Anna' });
    expect(s.currentUser()?.displayName).toBe('Anna');
    await s.updateOwnRecord(uid, { username: 'Ann' });
    expect(s.currentUser()?.displayName).toBe('Ann');
  });

  it('ignores an empty patch', async () => {
    await expect(s.updateOwnRecord(uid, {})).resolves.toBeUndefined();
  });

  it('reports invalid-data for a patch the database would refuse', async () => {
    expect((await rejection(s.updateOwnRecord(uid, { city: 'x'.repeat(101) }))).kind).toBe('invalid-data');
    expect((await rejection(s.updateOwnRecord(uid, { isAdmin: true } as never))).kind).toBe('invalid-data');
    expect((await rejection(s.updateOwnRecord(uid, { email: 'nope' }))).kind).toBe('invalid-data');
    expect((await rejection(s.readOwnRecord('../x'))).kind).toBe('invalid-data');
  });

  it("reports permission_denied for another user's record", async () => {
    expect((await rejection(s.readOwnRecord(otherUid))).kind).toBe('permission_denied');
    expect((await rejection(s.updateOwnRecord(otherUid, { city: 'Elsewhere' }))).kind).toBe('permission_denied');
  });

  it('returns null when the signed-in user has no record yet', async () => {
    const email = uniqueEmail('norecord');
    const { uid: bare } = await signUp(backends.auth.url, email, 'bare-pass-1');
    const t = service();
    await t.signIn(email, 'bare-pass-1');
    expect(await t.readOwnRecord(bare)).toBeNull();
  });

  it('reports permission_denied once signed out', async () => {
    const email = uniqueEmail('leaver');
    const t = service();
    const { user } = await t.signUp(form(email));
    await t.signOut();
    expect((await rejection(t.readOwnRecord(user.uid))).kind).toBe('permission_denied');
  });
});

describe('createAccountService', () => {
  it('validates its configuration', () => {
    expect(() => createAccountService({ ...backends.clientConfig, apiKey: '' })).toThrow(/apiKey/);
  });

  it('refuses a second live service with the same app name', async () => {
    const name = `dup-${randomUUID()}`;
    const first = createAccountService(backends.clientConfig, { appName: name, persistence: 'memory' });
    expect(() => createAccountService(backends.clientConfig, { appName: name })).toThrow(/already exists/);
    await first.dispose();
    const again = createAccountService(backends.clientConfig, { appName: name, persistence: 'memory' });
    await again.dispose();
  });

  it('recordFromSignUp stores the first name as username and trims every text', () => {
    expect(recordFromSignUp(form('x@example.com'))).toMatchObject({ username: 'Ann', email: 'x@example.com' });
  });
});
