import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { firebaseToolsCli, parentWatchPath } from './paths.ts';
import {
  OutputTail,
  assertPortFree,
  exited,
  freePort,
  httpGetJson,
  killOnExit,
  pollUntil,
  stopChild,
} from './process-utils.ts';

export interface AuthEmulatorOptions {
  /** Default 9099. 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1 (loopback only). */
  host?: string;
  /** Must start with "demo-" (a demo project never reaches Google). Default demo-storefront. */
  projectId?: string;
  /** Give up waiting for readiness after this long. Default 60 s (a cold start takes about 4-5 s). */
  readyTimeoutMs?: number;
  /** Receives every line the emulator prints. */
  log?: (line: string) => void;
}

export interface RunningAuthEmulator {
  /** http://127.0.0.1:9099 — for connectAuthEmulator() and the emulator's REST API. */
  url: string;
  host: string;
  port: number;
  /** "host:port", the form FIREBASE_AUTH_EMULATOR_HOST takes (firebase-admin). */
  hostAndPort: string;
  projectId: string;
  pid: number;
  /** Private temp dir (generated firebase.json, firebase-debug.log); removed on stop. */
  workDir: string;
  /** Milliseconds from spawn until the emulator answered `{"authEmulator":{"ready":true}}`. */
  startupMs: number;
  /** Clean shutdown (SIGINT like Ctrl-C; SIGKILL to the process group after 10 s); idempotent. */
  stop(): Promise<void>;
}

/** Environment that keeps firebase-tools offline and silent: no prompts, update checks, MOTD or colour. */
function offlineEnv(tmpDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['FIREBASE_TOKEN', 'GOOGLE_APPLICATION_CREDENTIALS', 'FIREBASE_AUTH_EMULATOR_HOST', 'FIREBASE_DATABASE_EMULATOR_HOST', 'FIREBASE_EMULATOR_HUB', 'GCLOUD_PROJECT']) {
    delete env[key];
  }
  return {
    ...env,
    CI: 'true',
    FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
    NO_UPDATE_NOTIFIER: '1',
    NO_COLOR: '1',
    FORCE_COLOR: '0',
    // firebase-tools writes its hub locator file (hub-<project>.json) into the temp dir: keep it per instance.
    TMPDIR: tmpDir,
    MF_ACCOUNT_EMULATOR_TMPDIR: tmpDir,
  };
}

/**
 * Starts the Firebase Auth emulator of firebase-tools (`firebase emulators:start --only auth`) offline, in
 * its own process group, with a generated firebase.json in a private temp dir (also its cwd, so its
 * firebase-debug.log lands there). Resolves once the emulator answers. Users live in memory.
 */
export async function startAuthEmulator(options: AuthEmulatorOptions = {}): Promise<RunningAuthEmulator> {
  const host = options.host ?? '127.0.0.1';
  const projectId = options.projectId ?? 'demo-storefront';
  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000;
  if (!/^demo-[a-z0-9-]{1,25}$/.test(projectId)) {
    throw new Error(`auth emulator: project id must be "demo-" followed by lowercase letters, digits or dashes (got "${projectId}"); demo projects run fully offline`);
  }
  const requestedPort = options.port ?? 9099;
  if (!Number.isInteger(requestedPort) || requestedPort < 0 || requestedPort > 65535) {
    throw new Error(`auth emulator: invalid port ${String(options.port)}`);
  }
  const port = requestedPort === 0 ? await freePort(host) : requestedPort;
  await assertPortFree(host, port, 'auth emulator');
  // The emulator suite also opens a hub and a logging port; take free ones so instances never collide.
  const hubPort = await freePort(host);
  const loggingPort = await freePort(host);

  const tmpDir = mkdtempSync(path.join(os.tmpdir(), 'mf-account-auth-'));
  const configPath = path.join(tmpDir, 'firebase.json');
  writeFileSync(
    configPath,
    JSON.stringify(
      {
        emulators: {
          auth: { host, port },
          hub: { host, port: hubPort },
          logging: { host, port: loggingPort },
          ui: { enabled: false },
          singleProjectMode: true,
        },
      },
      null,
      2,
    ),
  );

  const args = [
    '--require',
    parentWatchPath,
    firebaseToolsCli(),
    'emulators:start',
    '--only',
    'auth',
    '--project',
    projectId,
    '--config',
    configPath,
    '--non-interactive',
  ];
  const started = Date.now();
  const tail = new OutputTail(80, options.log);
  const child = spawn(process.execPath, args, {
    cwd: tmpDir,
    env: offlineEnv(tmpDir),
    detached: true, // own process group: our stop() alone decides, and kills everything it spawned
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const removeExitHook = killOnExit(child, true, () => rmSync(tmpDir, { recursive: true, force: true }));
  child.stdout?.on('data', (c: Buffer) => tail.push(c));
  child.stderr?.on('data', (c: Buffer) => tail.push(c));

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= stopChild(child, { signal: 'SIGINT', graceMs: 10_000, group: true }).finally(() => {
      removeExitHook();
      rmSync(tmpDir, { recursive: true, force: true });
    });
    return stopping;
  };

  const url = `http://${host}:${port}`;
  const died = exited(child).then(
    () => `auth emulator exited during start-up (code ${child.exitCode ?? child.signalCode})`,
  );
  try {
    await pollUntil(
      async () => {
        const body = (await httpGetJson(`${url}/`, 1000)) as { authEmulator?: { ready?: boolean } } | null;
        return body?.authEmulator?.ready === true;
      },
      { timeoutMs: readyTimeoutMs, intervalMs: 50, abort: died, what: 'auth emulator' },
    );
  } catch (e) {
    await stop();
    throw new Error(`${e instanceof Error ? e.message : String(e)}\n${tail.text()}`);
  }
  return {
    url,
    host,
    port,
    hostAndPort: `${host}:${port}`,
    projectId,
    pid: child.pid ?? -1,
    workDir: tmpDir,
    startupMs: Date.now() - started,
    stop,
  };
}
