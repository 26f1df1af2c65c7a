/**
 * database.rules.json, enforced by the real local servers: the firebase-tools Auth emulator issues the ID
 * tokens, the local Realtime Database (firebase-server) evaluates the rules, the firebase@12 web SDK is the
 * client. One pair of servers for the whole file.
 */
import { setLogLevel } from 'firebase/app';
import { get, onValue, ref, set, update, type DatabaseReference } from 'firebase/database';
import { signOut } from 'firebase/auth';
import { startAccountBackends, type RunningAccountBackends } from '../../stand-ins/firebase/index.ts';
import { signUp, uniqueEmail } from '../../stand-ins/firebase/testing/accounts.ts';
import { rejection, testClient, type TestClient } from './testing/backends.ts';

jest.setTimeout(30_000);
setLogLevel('error'); // the SDK warns on every denied write; denials are what we test

let backends: RunningAccountBackends;
let alice: TestClient;
let bob: TestClient;
let anonymous: TestClient;
let aliceUid: string;
let bobUid: string;
const password = 'secret-pass-1';

const record = (name: string, email: string) => ({
  username: name,
  email,
  lastName: 'Tester',
  telephone: '+371 2000 0000',
  address1: 'Brivibas iela 1',
  address2: '',
  city: 'Riga',
  postCode: 'LV-1050',
  country: 'Latvia',
  region: 'Riga',
  newsletter: false,
});

/** Reads once through a listen (the SDK's onValue), the other read path besides get(). */
function listenOnce(target: DatabaseReference): Promise<unknown> {
  return new Promise((resolve, reject) => {
    onValue(
      target,
      (snap) => resolve(snap.val()),
      (err) => reject(err),
      { onlyOnce: true },
    );
  });
}

beforeAll(async () => {
  backends = await startAccountBackends({ projectId: 'demo-rules-test', auth: { port: 0 }, database: { port: 0 } });
  const aliceEmail = uniqueEmail('alice');
  const bobEmail = uniqueEmail('bob');
  aliceUid = (await signUp(backends.auth.url, aliceEmail, password)).uid;
  bobUid = (await signUp(backends.auth.url, bobEmail, password)).uid;
  alice = await testClient(backends, { email: aliceEmail, password });
  bob = await testClient(backends, { email: bobEmail, password });
  anonymous = await testClient(backends);
  await set(ref(bob.db, `users/${bobUid}`), record('Bob', bobEmail));
}, 120_000);

afterAll(async () => {
  await Promise.allSettled([alice?.close(), bob?.close(), anonymous?.close()]);
  await backends?.stop();
}, 30_000);

describe('a signed-in user and their own record', () => {
  it('can write and read users/{own uid}', async () => {
    const mine = record('Alice', alice.auth.currentUser?.email ?? '');
    await set(ref(alice.db, `users/${aliceUid}`), mine);
    expect((await get(ref(alice.db, `users/${aliceUid}`))).val()).toEqual(mine);
    expect(await listenOnce(ref(alice.db, `users/${aliceUid}`))).toEqual(mine);
  });

  it('can update fields of the own record', async () => {
    await update(ref(alice.db, `users/${aliceUid}`), { city: 'Tallinn', newsletter: true });
    const value = (await get(ref(alice.db, `users/${aliceUid}`))).val() as { city: string; newsletter: boolean };
    expect(value.city).toBe('Tallinn');
    expect(value.newsletter).toBe(true);
  });
});

describe("another user's record", () => {
  it('cannot be read (get and listen)', async () => {
    expect((await rejection(get(ref(alice.db, `users/${bobUid}`)))).message).toMatch(/permission denied/i);
    expect((await rejection(listenOnce(ref(alice.db, `users/${bobUid}`)))).message).toMatch(/permission_denied/);
  });

  it('cannot be written (set and update)', async () => {
    const setError = await rejection(set(ref(alice.db, `users/${bobUid}`), record('Mallory', 'm@example.com')));
    expect(setError.code).toBe('PERMISSION_DENIED');
    const updateError = await rejection(update(ref(alice.db, `users/${bobUid}`), { city: 'Elsewhere' }));
    expect(updateError.code).toBe('PERMISSION_DENIED');
    expect((await get(ref(bob.db, `users/${bobUid}`))).val()).toMatchObject({ username: 'Bob', city: 'Riga' });
  });

  it('nobody signed in can list users/', async () => {
    expect((await rejection(get(ref(alice.db, 'users')))).message).toMatch(/permission denied/i);
    expect((await rejection(listenOnce(ref(alice.db, 'users')))).message).toMatch(/permission_denied/);
  });

  // The back office reads orders (and their billing) from the checkout service, never users/: a staff
  // role (the custom claim `npm run staff -- grant` sets) opens nothing here.
  it('an admin of the back office can neither read nor list it', async () => {
    const email = uniqueEmail('admin');
    const { uid } = await signUp(backends.auth.url, email, password);
    const granted = await fetch(`${backends.auth.url}/identitytoolkit.googleapis.com/v1/projects/${backends.projectId}/accounts:update`, {
      method: 'POST',
      headers: { authorization: `Bearer ${backends.auth.adminSecret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ localId: uid, customAttributes: JSON.stringify({ role: 'admin' }) }),
    });
    expect(granted.status).toBe(200);
    const admin = await testClient(backends, { email, password });
    try {
      expect((await admin.auth.currentUser!.getIdTokenResult()).claims.role).toBe('admin');
      expect((await rejection(get(ref(admin.db, `users/${bobUid}`)))).message).toMatch(/permission denied/i);
      expect((await rejection(get(ref(admin.db, 'users')))).message).toMatch(/permission denied/i);
      expect((await rejection(update(ref(admin.db, `users/${bobUid}`), { city: 'Elsewhere' }))).code).toBe('PERMISSION_DENIED');
    } finally {
      await admin.close();
    }
  });
});

describe('an anonymous client', () => {
  it('cannot read users/ nor users/{uid}, even right after that user wrote', async () => {
    await update(ref(alice.db, `users/${aliceUid}`), { city: 'Riga' });
    expect((await rejection(get(ref(anonymous.db, 'users')))).message).toMatch(/permission denied/i);
    expect((await rejection(listenOnce(ref(anonymous.db, 'users')))).message).toMatch(/permission_denied/);
    expect((await rejection(get(ref(anonymous.db, `users/${aliceUid}`)))).message).toMatch(/permission denied/i);
    expect((await rejection(listenOnce(ref(anonymous.db, `users/${aliceUid}`)))).message).toMatch(/permission_denied/);
  });

  it('cannot write anywhere', async () => {
    expect((await rejection(set(ref(anonymous.db, `users/${aliceUid}`), record('X', 'x@example.com')))).code).toBe('PERMISSION_DENIED');
    expect((await rejection(set(ref(anonymous.db, 'users/anyone'), record('X', 'x@example.com')))).code).toBe('PERMISSION_DENIED');
    expect((await rejection(set(ref(anonymous.db, 'other'), 1))).code).toBe('PERMISSION_DENIED');
  });
});

describe('record shape', () => {
  const path = () => ref(alice.db, `users/${aliceUid}`);
  const valid = () => record('Alice', 'alice@example.com');

  it.each([
    [
      'missing username',
      (() => {
        const r: Record<string, unknown> = { ...valid() };
        delete r.username;
        return r;
      })(),
    ],
    [
      'missing email',
      (() => {
        const r: Record<string, unknown> = { ...valid() };
        delete r.email;
        return r;
      })(),
    ],
    ['empty username', { ...valid(), username: '' }],
    ['username too long', { ...valid(), username: 'x'.repeat(101) }],
    ['email not an address', { ...valid(), email: 'not-an-email' }],
    ['email too long', { ...valid(), email: `${'x'.repeat(250)}@example.com` }],
    ['email a number', { ...valid(), email: 42 }],
    ['telephone a number', { ...valid(), telephone: 12345 }],
    ['post code too long', { ...valid(), postCode: '1'.repeat(21) }],
    ['newsletter a string', { ...valid(), newsletter: 'yes' }],
    ['unknown field', { ...valid(), isAdmin: true }],
  ])('rejects a record with %s', async (_name, bad) => {
    expect((await rejection(set(path(), bad))).code).toBe('PERMISSION_DENIED');
  });

  it('accepts a minimal record (username and email only)', async () => {
    await set(path(), { username: 'Alice', email: 'alice@example.com' });
    expect((await get(path())).val()).toEqual({ username: 'Alice', email: 'alice@example.com' });
  });

  it('rejects an update that breaks the shape', async () => {
    expect((await rejection(update(path(), { email: 'nope' }))).code).toBe('PERMISSION_DENIED');
    expect((await rejection(update(path(), { username: null }))).code).toBe('PERMISSION_DENIED');
    expect((await rejection(update(path(), { nickname: 'Al' }))).code).toBe('PERMISSION_DENIED');
  });
});

describe('the wish list under the record', () => {
  const mine = () => ref(alice.db, `users/${aliceUid}/wishlist`);

  beforeAll(async () => {
    await set(ref(alice.db, `users/${aliceUid}`), record('Alice', 'alice@example.com'));
  });

  it("is the owner's to add to, remove from and read", async () => {
    await update(mine(), { '3': 1_700_000_000_000, '21': 1_700_000_000_500 });
    await update(mine(), { '3': null });
    expect((await get(mine())).val()).toEqual({ '21': 1_700_000_000_500 });
    expect(await listenOnce(mine())).toEqual({ '21': 1_700_000_000_500 });
  });

  it("is nobody else's to read or write", async () => {
    expect((await rejection(get(ref(bob.db, `users/${aliceUid}/wishlist`)))).message).toMatch(/permission denied/i);
    expect((await rejection(listenOnce(ref(bob.db, `users/${aliceUid}/wishlist`)))).message).toMatch(/permission_denied/);
    expect((await rejection(update(ref(bob.db, `users/${aliceUid}/wishlist`), { '5': 1 }))).code).toBe('PERMISSION_DENIED');
    expect((await rejection(set(ref(anonymous.db, `users/${aliceUid}/wishlist/5`), 1))).code).toBe('PERMISSION_DENIED');
    expect((await get(mine())).val()).toEqual({ '21': 1_700_000_000_500 });
  });

  it.each([
    ['a key that is not a product id', { abc: 1 }],
    ['a zero id', { '0': 1 }],
    ['a time that is not a number', { '7': 'today' }],
    ['a time below 1', { '7': 0 }],
    ['nested data', { '7': { at: 1 } }],
  ])('refuses %s', async (_name, bad) => {
    expect((await rejection(update(mine(), bad))).code).toBe('PERMISSION_DENIED');
  });
});

describe('signing out', () => {
  it('drops access on the same connection and revokes live listeners', async () => {
    const email = uniqueEmail('carol');
    const { uid } = await signUp(backends.auth.url, email, password);
    const carol = await testClient(backends, { email, password });
    try {
      await set(ref(carol.db, `users/${uid}`), record('Carol', email));
      const updates: unknown[] = [];
      const cancelled = new Promise<Error>((resolve) => {
        onValue(
          ref(carol.db, `users/${uid}`),
          (snap) => updates.push(snap.val()),
          (err) => resolve(err),
        );
      });
      await new Promise((r) => setTimeout(r, 200));
      expect(updates.length).toBeGreaterThan(0);
      await signOut(carol.auth);
      expect((await cancelled).message).toMatch(/permission_denied/);
      expect((await rejection(get(ref(carol.db, `users/${uid}`)))).message).toMatch(/permission denied/i);
    } finally {
      await carol.close();
    }
  });
});
