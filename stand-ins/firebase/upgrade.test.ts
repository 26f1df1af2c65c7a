/**
 * The shoppers' accounts of the previous release (fixtures/previous-release, written by that
 * release's code through fixtures/make.ts) open with this release: everyone signs in with the password
 * they chose, finds their record and wish list, and can change them; new sign-ups work beside them.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { get, ref, set, update, type Database } from 'firebase/database';
import { previousRelease } from './fixtures/previousRelease.ts';
import { firebaseDir } from './paths.ts';
import { uniqueEmail } from './testing/accounts.ts';
import { asShopper as asShopperOn } from './testing/shopper.ts';
import { freePort, runNode, type ManagedProcess } from '../../tools/kit/processes.ts';

jest.setTimeout(180_000);

const { projectId, password, people } = previousRelease;
let dataDir: string;
let backends: ManagedProcess;
let authUrl: string;
let dbPort: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'account-upgrade-'));
  cpSync(path.join(firebaseDir, 'fixtures', 'previous-release'), dataDir, { recursive: true });
  const authPort = await freePort();
  dbPort = await freePort();
  authUrl = `http://127.0.0.1:${authPort}`;
  backends = runNode(path.join(firebaseDir, 'cli.ts'), {
    args: ['all', '--project', projectId, '--auth-port', String(authPort), '--db-port', String(dbPort), '--data-dir', dataDir],
    name: 'account backends',
    group: true,
  });
  await backends.waitFor(/Ctrl-C to stop\./, 120_000);
});

afterAll(async () => {
  backends?.signal('SIGTERM');
  await backends?.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

const asShopper = <T>(email: string, use: (uid: string, db: Database) => Promise<T>, signUp = false) =>
  asShopperOn({ authUrl, dbPort, projectId }, { email, password, signUp }, use);

test.each(people.map((person) => [person.record.email, person.record] as const))('%s signs in and finds their record', async (email, record) => {
  const stored = await asShopper(email, async (uid, db) => (await get(ref(db, `users/${uid}`))).val() as unknown);
  expect(stored).toEqual(record);
});

test('an account of the previous release changes its wish list and its record', async () => {
  const [ada] = people;
  const after = await asShopper(ada.record.email, async (uid, db) => {
    await update(ref(db, `users/${uid}/wishlist`), { '3': null, '42': 1732000200000 });
    await update(ref(db, `users/${uid}`), { city: 'Cambridge' });
    return (await get(ref(db, `users/${uid}`))).val() as { city: string; wishlist: Record<string, number> };
  });
  expect(after.city).toBe('Cambridge');
  expect(after.wishlist).toEqual({ '17': 1732000100000, '42': 1732000200000 });
});

test('new sign-ups work beside the accounts kept from the previous release', async () => {
  const email = uniqueEmail('after-upgrade');
  const record = await asShopper(
    email,
    async (uid, db) => {
      await set(ref(db, `users/${uid}`), { username: 'Newcomer', email });
      return (await get(ref(db, `users/${uid}`))).val() as unknown;
    },
    true,
  );
  expect(record).toEqual({ username: 'Newcomer', email });
});
