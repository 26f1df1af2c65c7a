/**
 * Shoppers' accounts survive a restart of the local backends: a clean stop, and a kill -9 of the whole
 * process group one second after the last change.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, inMemoryPersistence, initializeAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { connectDatabaseEmulator, get, getDatabase, ref, set } from 'firebase/database';
import { releaseAuthTimers } from '../../src/firebase/accountService.ts';
import { uniqueEmail } from '../testing/backends.ts';
import { emulatorsDir } from './paths.ts';
import { freePort, pollUntil, runNode, type ManagedProcess } from '../../../tools/kit/processes.ts';

jest.setTimeout(180_000);

const projectId = 'demo-persist-test';
let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'account-data-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

interface Backends {
  process: ManagedProcess;
  authUrl: string;
  dbHost: string;
  dbPort: number;
}

/** The backends as `npm start` runs them: one process (and its children) with a data folder. */
async function start(): Promise<Backends> {
  const authPort = await freePort();
  const dbPort = await freePort();
  const backends = runNode(path.join(emulatorsDir, 'cli.ts'), {
    args: ['all', '--project', projectId, '--auth-port', String(authPort), '--db-port', String(dbPort), '--data-dir', dataDir],
    name: 'account backends',
    group: true,
  });
  await backends.waitFor(/Ctrl-C to stop\./, 120_000);
  return { process: backends, authUrl: `http://127.0.0.1:${authPort}`, dbHost: '127.0.0.1', dbPort };
}

async function killGroup(backends: Backends, signal: NodeJS.Signals): Promise<void> {
  backends.process.signal(signal);
  await backends.process.exited;
  // The Auth emulator runs in a group of its own and follows its parent out; wait until its port is free.
  await pollUntil(
    async () =>
      await fetch(backends.authUrl).then(
        () => false,
        () => true,
      ),
    { timeoutMs: 20_000, what: 'auth port to close' },
  );
}

async function withClient<T>(
  backends: Backends,
  email: string,
  signUpFirst: boolean,
  use: (uid: string, db: ReturnType<typeof getDatabase>) => Promise<T>,
): Promise<T> {
  if (signUpFirst) {
    const res = await fetch(`${backends.authUrl}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'abcd1234', returnSecureToken: true }),
    });
    expect(res.status).toBe(200);
  }
  const app = initializeApp(
    { apiKey: 'demo-api-key', projectId, databaseURL: `http://${backends.dbHost}:${backends.dbPort}/?ns=${projectId}` },
    `persist-${email}`,
  );
  const auth = initializeAuth(app, { persistence: inMemoryPersistence });
  connectAuthEmulator(auth, backends.authUrl, { disableWarnings: true });
  const db = getDatabase(app);
  connectDatabaseEmulator(db, backends.dbHost, backends.dbPort);
  try {
    const { user } = await signInWithEmailAndPassword(auth, email, 'abcd1234');
    return await use(user.uid, db);
  } finally {
    await deleteApp(app);
    releaseAuthTimers(auth);
  }
}

it.each([
  ['a clean stop (SIGTERM)', 'SIGTERM' as const, 0],
  ['kill -9 of the whole process group one second after the last change', 'SIGKILL' as const, 1000],
])('accounts and their records survive %s', async (_name, signal, waitMs) => {
  const email = uniqueEmail('persist');
  const first = await start();
  let uid: string;
  try {
    uid = await withClient(first, email, true, async (id, db) => {
      await set(ref(db, `users/${id}`), { username: 'Ann', email, city: 'Riga' });
      return id;
    });
    await sleep(waitMs);
  } finally {
    await killGroup(first, signal);
  }

  const second = await start();
  try {
    const record = await withClient(second, email, false, async (id, db) => {
      expect(id).toBe(uid);
      return (await get(ref(db, `users/${id}`))).val() as unknown;
    });
    expect(record).toEqual({ username: 'Ann', email, city: 'Riga' });
  } finally {
    await killGroup(second, 'SIGTERM');
  }
});
