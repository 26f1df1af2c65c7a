/** The launchers: readiness, clean stop, clear failures, and no orphans when the launching process dies. */
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { startAuthEmulator, startDatabaseServer } from './index.ts';
import { freePort, isAlive, isPortOpen, sleep } from 'service-kit/processes';
import { runNode } from '../../tools/kit/processes.ts';
import { httpGetJson, probeRtdbHandshake } from './probes.ts';

jest.setTimeout(120_000);

async function waitDead(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(100);
  }
  return !isAlive(pid);
}

describe('startDatabaseServer', () => {
  it('is ready (answers the RTDB handshake) when it resolves, and stops cleanly', async () => {
    const db = await startDatabaseServer({ port: 0, projectId: 'demo-launcher' });
    try {
      expect(db.port).toBeGreaterThan(0);
      expect(db.url).toBe(`http://127.0.0.1:${db.port}/?ns=demo-launcher`);
      expect(db.hostAndPort).toBe(`127.0.0.1:${db.port}`);
      expect(await probeRtdbHandshake('127.0.0.1', db.port)).toBe(true);
      expect(isAlive(db.pid)).toBe(true);
      expect(db.startupMs).toBeGreaterThan(0);
    } finally {
      await db.stop();
    }
    expect(await waitDead(db.pid, 5000)).toBe(true);
    expect(await isPortOpen('127.0.0.1', db.port)).toBe(false);
    await db.stop(); // idempotent
  });

  it('fails clearly when the port is taken', async () => {
    const blocker = net.createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      await expect(startDatabaseServer({ port })).rejects.toThrow(`port 127.0.0.1:${port} is already in use`);
    } finally {
      blocker.close();
    }
  });

  it('fails clearly on rules it cannot parse', async () => {
    await expect(startDatabaseServer({ port: 0, rules: { rules: { '.read': 'auth.uid ===' } } })).rejects.toThrow(/cannot start/);
  });

  it('fails clearly on a rules file that is not JSON', async () => {
    await expect(startDatabaseServer({ port: 0, rules: __filename })).rejects.toThrow(/not valid JSON/);
  });
});

describe('startAuthEmulator', () => {
  it('is ready when it resolves, and its stop() ends the process and removes its temp dir', async () => {
    const auth = await startAuthEmulator({ port: 0, projectId: 'demo-launcher' });
    try {
      expect(auth.url).toBe(`http://127.0.0.1:${auth.port}`);
      expect(auth.hostAndPort).toBe(`127.0.0.1:${auth.port}`);
      const body = (await httpGetJson(`${auth.url}/`)) as { authEmulator?: { ready?: boolean } };
      expect(body.authEmulator?.ready).toBe(true);
      // The emulator's own REST API answers for this demo project, to its administrator.
      const res = await fetch(`${auth.url}/emulator/v1/projects/demo-launcher/config`, { headers: { authorization: `Bearer ${auth.adminSecret}` } });
      expect(res.status).toBe(200);
      expect(existsSync(path.join(auth.workDir, 'firebase.json'))).toBe(true);
      console.log(`auth emulator ready in ${auth.startupMs} ms`);
    } finally {
      await auth.stop();
    }
    expect(await waitDead(auth.pid, 5000)).toBe(true);
    expect(await isPortOpen('127.0.0.1', auth.port)).toBe(false);
    expect(existsSync(auth.workDir)).toBe(false);
    await auth.stop(); // idempotent
  });

  it('refuses a non-demo project id (which would try to reach Google)', async () => {
    await expect(startAuthEmulator({ port: 0, projectId: 'my-real-project' })).rejects.toThrow(/must be "demo-"/);
  });

  it('fails clearly when the port is taken', async () => {
    const blocker = net.createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      await expect(startAuthEmulator({ port })).rejects.toThrow(`port 127.0.0.1:${port} is already in use`);
    } finally {
      blocker.close();
    }
  });
});

describe('no orphans', () => {
  it('both backends exit when the process that started them is killed with SIGKILL', async () => {
    const index = path.join(__dirname, 'index.ts');
    const script = `
      import { startAccountBackends } from ${JSON.stringify(index)};
      const b = await startAccountBackends({ projectId: 'demo-orphan', auth: { port: 0 }, database: { port: 0 } });
      console.log(JSON.stringify({ auth: b.auth.pid, db: b.database.pid }));
      setInterval(() => {}, 1000);
    `;
    // exitWithParent off: the backends' own watch of their parent is what is under test.
    const parent = runNode('--input-type=module', { args: ['-e', script], inheritEnv: true, exitWithParent: false, name: 'launcher' });
    const pids = JSON.parse((await parent.waitFor(/^\{.*\}$/m, 120_000))[0]) as { auth: number; db: number };
    expect(isAlive(pids.auth)).toBe(true);
    expect(isAlive(pids.db)).toBe(true);
    parent.signal('SIGKILL');
    expect(await waitDead(pids.db, 10_000)).toBe(true);
    expect(await waitDead(pids.auth, 15_000)).toBe(true);
  });

  it('the CLI (started without IPC, as a supervisor other than ours may) stops itself and its emulators when its parent is SIGKILLed', async () => {
    const cli = path.join(__dirname, 'cli.ts');
    // An intermediate parent we can SIGKILL; it reports the CLI's pid and relays the CLI's output.
    const script = `
      const { spawn } = require('node:child_process');
      const c = spawn(process.execPath, [${JSON.stringify(cli)}, 'all', '--auth-port', '0', '--db-port', '0', '--project', 'demo-orphan-cli'], { stdio: ['ignore', 'pipe', 'inherit'] });
      console.log('CLI ' + c.pid);
      c.stdout.pipe(process.stdout);
      setInterval(() => {}, 1000);
    `;
    const parent = runNode('-e', { args: [script], inheritEnv: true, exitWithParent: false, name: 'parent' });
    await parent.waitFor(/Ctrl-C to stop\./, 120_000);
    const seen = { cli: Number(/CLI (\d+)/.exec(parent.output())?.[1]), children: [...parent.output().matchAll(/pid (\d+)/g)].map((m) => Number(m[1])) };
    expect(seen.children).toHaveLength(2);
    for (const pid of [seen.cli, ...seen.children]) expect(isAlive(pid)).toBe(true);
    parent.signal('SIGKILL');
    expect(await waitDead(seen.cli, 20_000)).toBe(true);
    for (const pid of seen.children) expect(await waitDead(pid, 15_000)).toBe(true);
  });
});
