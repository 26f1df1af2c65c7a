/**
 * Shoppers' accounts survive a restart of the local backends: a clean stop, and a kill -9 of the whole
 * process group one second after the last change.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { get, ref, set } from 'firebase/database';
import { firebaseDir } from './paths.ts';
import { uniqueEmail } from './testing/accounts.ts';
import { asShopper } from './testing/shopper.ts';
import { freePort, pollUntil, runNode, type ManagedProcess } from '../../tools/kit/processes.ts';

jest.setTimeout(180_000);

const projectId = 'demo-persist-test';
const password = 'abcd1234';
let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'account-data-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

interface Backends {
  process: ManagedProcess;
  authUrl: string;
  dbPort: number;
}

/** The backends as `npm start` runs them: one process (and its children) with a data folder. */
async function start(): Promise<Backends> {
  const authPort = await freePort();
  const dbPort = await freePort();
  const backends = runNode(path.join(firebaseDir, 'cli.ts'), {
    args: ['all', '--project', projectId, '--auth-port', String(authPort), '--db-port', String(dbPort), '--data-dir', dataDir],
    name: 'account backends',
    group: true,
  });
  await backends.waitFor(/Ctrl-C to stop\./, 120_000);
  return { process: backends, authUrl: `http://127.0.0.1:${authPort}`, dbPort };
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

it.each([
  ['a clean stop (SIGTERM)', 'SIGTERM' as const, 0],
  ['kill -9 of the whole process group one second after the last change', 'SIGKILL' as const, 1000],
])('accounts and their records survive %s', async (_name, signal, waitMs) => {
  const email = uniqueEmail('persist');
  const first = await start();
  let uid: string;
  try {
    uid = await asShopper({ ...first, projectId }, { email, password, signUp: true }, async (id, db) => {
      await set(ref(db, `users/${id}`), { username: 'Ann', email, city: 'Riga' });
      return id;
    });
    await sleep(waitMs);
  } finally {
    await killGroup(first, signal);
  }

  const second = await start();
  try {
    const record = await asShopper({ ...second, projectId }, { email, password }, async (id, db) => {
      expect(id).toBe(uid);
      return (await get(ref(db, `users/${id}`))).val() as unknown;
    });
    expect(record).toEqual({ username: 'Ann', email, city: 'Riga' });
  } finally {
    await killGroup(second, 'SIGTERM');
  }
});
