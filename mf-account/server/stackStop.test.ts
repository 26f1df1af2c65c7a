/**
 * A stop of `npm start` at once after a change keeps the change: the account backends run as the
 * stack runs them (tools/stack/start.ts, its supervisor and both services in one process group), a
 * shopper changes something, and the whole group gets Ctrl-C's SIGINT (or SIGTERM) 0 ms later. The
 * backends save within a few hundred milliseconds of a change; a stop must not wait for luck.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { get, ref, set, update, type Database } from 'firebase/database';
import { userRecordPath } from '../src/firebase/userRecord.ts';
import { wishlistChanges, wishlistIds, wishlistPath } from '../src/firebase/wishlistRecord.ts';
import { verifyPath } from '../../stand-ins/firebase/index.ts';
import { uniqueEmail } from '../../stand-ins/firebase/testing/accounts.ts';
import { asShopper as asShopperOn } from '../../stand-ins/firebase/testing/shopper.ts';
import { freePort, runNode, type ManagedProcess } from '../../tools/kit/processes.ts';

jest.setTimeout(240_000);

const repoRoot = path.resolve(__dirname, '..', '..');
const password = 'abcd1234';

interface AccountStack {
  process: ManagedProcess;
  authUrl: string;
  dbPort: number;
}

/** `npm start`'s stack with the account backends only, leading a process group of its own. */
async function startStack(dataDir: string, ports: { auth: number; database: number }): Promise<AccountStack> {
  const stack = runNode(path.join(repoRoot, 'tools/stack/start.ts'), {
    args: ['auth', 'database'],
    name: 'the account stack',
    cwd: repoRoot,
    inheritEnv: true,
    env: { DATA_DIR: dataDir, AUTH_EMULATOR_PORT: String(ports.auth), DATABASE_EMULATOR_PORT: String(ports.database) },
    group: true,
  });
  await stack.waitFor(/\[stack\] auth, database ready in/, 180_000);
  return { process: stack, authUrl: `http://127.0.0.1:${ports.auth}`, dbPort: ports.database };
}

/** Signals the whole process group, as Ctrl-C in a terminal does, and waits until the stack is gone. */
async function stopGroup(stack: AccountStack, signal: NodeJS.Signals): Promise<void> {
  stack.process.signal(signal);
  await stack.process.exited;
}

async function authRest(
  stack: AccountStack,
  method: 'signUp' | 'signInWithPassword',
  email: string,
): Promise<{ status: number; body: { localId?: string; idToken?: string; error?: { message?: string } } }> {
  const response = await fetch(`${stack.authUrl}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  return { status: response.status, body: (await response.json()) as { localId?: string; idToken?: string; error?: { message?: string } } };
}

/** Signs in with the web SDK, as the shop's pages do, and runs `use` with the shopper's database. */
const asShopper = <T>(stack: AccountStack, email: string, use: (uid: string, db: Database) => Promise<T>) =>
  asShopperOn({ authUrl: stack.authUrl, dbPort: stack.dbPort }, { email, password }, use);

let dataDir: string;
let ports: { auth: number; database: number };
let running: AccountStack | undefined;
beforeEach(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'stack-stop-'));
  ports = { auth: await freePort(), database: await freePort() };
});
afterEach(async () => {
  if (running?.process.alive()) await stopGroup(running, 'SIGTERM');
  running = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Starts the stack and makes a change, which calls `stopNow` the moment its last write is answered:
 * the whole group gets `signal` 0 ms later. Then starts the stack again on the same data folder.
 */
async function changeThenStop(signal: NodeJS.Signals, change: (stack: AccountStack, stopNow: () => void) => Promise<void>): Promise<AccountStack> {
  const first = await startStack(dataDir, ports);
  running = first;
  await change(first, () => first.process.signal(signal));
  await first.process.exited;
  expect(first.process.output()).toContain('[stack] stopping');
  running = await startStack(dataDir, ports);
  return running;
}

test('an account signed up 0 ms before Ctrl-C (SIGINT to the process group) can sign in after the restart', async () => {
  const email = uniqueEmail('ctrl-c');
  let uid: string | undefined;
  let idToken: string | undefined;
  const second = await changeThenStop('SIGINT', async (stack, stopNow) => {
    const signUp = await authRest(stack, 'signUp', email);
    stopNow();
    expect(signUp.status).toBe(200);
    uid = signUp.body.localId;
    idToken = signUp.body.idToken;
  });
  const signIn = await authRest(second, 'signInWithPassword', email);
  expect(signIn.body.error?.message).toBeUndefined();
  expect(signIn.body.localId).toBe(uid);
  // The record of issued ID tokens was kept too: the session that signed up is still recognised.
  const verified = await fetch(`${second.authUrl}${verifyPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken }),
  });
  expect(verified.status).toBe(200);
  expect(((await verified.json()) as { uid?: string }).uid).toBe(uid);
});

test('a users/{uid} record written 0 ms before SIGTERM to the process group is there after the restart', async () => {
  const email = uniqueEmail('profile');
  const record = { username: 'Ann', email, city: 'Riga', postCode: 'LV-1010' };
  const second = await changeThenStop('SIGTERM', async (stack, stopNow) => {
    expect((await authRest(stack, 'signUp', email)).status).toBe(200);
    await asShopper(stack, email, async (uid, db) => {
      await set(ref(db, userRecordPath(uid)), record);
      stopNow();
    });
  });
  expect(await asShopper(second, email, async (uid, db) => (await get(ref(db, userRecordPath(uid)))).val() as unknown)).toEqual(record);
});

test('wish-list changes made 0 ms before Ctrl-C, and every one acknowledged while the shop stops, are there after the restart', async () => {
  const email = uniqueEmail('wishlist');
  const acknowledged: number[] = [];
  const second = await changeThenStop('SIGINT', async (stack, stopNow) => {
    expect((await authRest(stack, 'signUp', email)).status).toBe(200);
    await asShopper(stack, email, async (uid, db) => {
      await set(ref(db, userRecordPath(uid)), { username: 'Ann', email });
      await update(
        ref(db, wishlistPath(uid)),
        wishlistChanges({
          add: [
            { id: 7, at: 1000 },
            { id: 12, at: 2000 },
          ],
          remove: [],
        }),
      );
      await update(ref(db, wishlistPath(uid)), wishlistChanges({ add: [{ id: 30, at: 3000 }], remove: [7] }));
      stopNow();
      // A page open during the stop keeps changing the list: whatever the database acknowledges
      // must be kept, so it may take no change after its last save.
      for (let id = 100; ; id++) {
        const answered = update(ref(db, wishlistPath(uid)), wishlistChanges({ add: [{ id, at: 3000 + id }], remove: [] })).then(
          () => true,
          () => false,
        );
        if (!(await Promise.race([answered, sleep(1500).then(() => false)]))) break;
        acknowledged.push(id);
      }
    });
  });
  const kept = await asShopper(second, email, async (uid, db) => wishlistIds((await get(ref(db, wishlistPath(uid)))).val()));
  expect(kept.filter((id) => id < 100)).toEqual([30, 12]);
  // (A change in flight at the stop may be kept without its answer having arrived.)
  expect(kept).toEqual(expect.arrayContaining(acknowledged));
});
