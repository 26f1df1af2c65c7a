import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { authAdminSecretOf } from 'service-kit/local-admin-secrets';
import { startAuthProxy, verifyPath } from './authProxy.ts';
import { readJsonFile, SaveScheduler, syncDirectory, writeFileAtomic } from './durableFile.ts';
import { IssuedTokens } from './issuedTokens.ts';
import { firebaseToolsCli, parentWatchPath } from './paths.ts';
import { OutputTail, assertPortFree, exited, freePort, killOnExit, pollUntil, stopChild } from 'service-kit/processes';
import { httpGetJson } from './probes.ts';

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
  /**
   * Where accounts are kept across restarts (`<dataDir>/auth`, the emulator's export format, and
   * `<dataDir>/auth-tokens.json`). Without it, accounts live in memory only.
   */
  dataDir?: string;
  /** Origins of the shop's pages allowed to call the Auth service; requests from other origins are refused. */
  allowedOrigins?: readonly string[];
  /** Longest time between a change of accounts and its save. Default 300 ms. */
  saveDelayMs?: number;
}

export interface RunningAuthEmulator {
  /** http://127.0.0.1:9099 — for connectAuthEmulator() and the emulator's REST API. */
  url: string;
  host: string;
  port: number;
  /** "host:port", the form FIREBASE_AUTH_EMULATOR_HOST takes (firebase-admin). */
  hostAndPort: string;
  /** POST {idToken} here: 200 {uid, exp, claims} only for a token this Auth service issued and that is unexpired. */
  verifyUrl: string;
  /**
   * `Authorization: Bearer <adminSecret>` makes a request the administrator's (the shop's servers, the
   * staff command): `<dataDir>/auth-admin.secret`, or one made for this start without a data folder.
   */
  adminSecret: string;
  /** Where accounts are saved, if anywhere. */
  dataDir: string | undefined;
  /** Saves pending changes now. */
  flush(): Promise<void>;
  projectId: string;
  pid: number;
  /** Private temp dir (generated firebase.json, firebase-debug.log); removed on stop. */
  workDir: string;
  /** Milliseconds from spawn until the emulator answered `{"authEmulator":{"ready":true}}`. */
  startupMs: number;
  /**
   * Clean shutdown: saves the accounts and issued tokens (rejects if that fails), then stops the
   * emulator (SIGINT like Ctrl-C; SIGKILL to its process group after 10 s); idempotent.
   */
  stop(): Promise<void>;
}

/** Environment that keeps firebase-tools offline and silent: no prompts, update checks, MOTD or colour. */
function offlineEnv(tmpDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of [
    'FIREBASE_TOKEN',
    'GOOGLE_APPLICATION_CREDENTIALS',
    'FIREBASE_AUTH_EMULATOR_HOST',
    'FIREBASE_DATABASE_EMULATOR_HOST',
    'FIREBASE_EMULATOR_HUB',
    'GCLOUD_PROJECT',
  ]) {
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

const exportMetadata = 'firebase-export-metadata.json';

/**
 * Saves the emulator's accounts into `<dataDir>/auth`: the emulator hub exports into a fresh folder,
 * which then takes the place of the previous one by renames (the hub's own export deletes the old
 * folder before moving the new one in, which a crash in between would turn into no accounts at all).
 */
async function exportAccounts(hubUrl: string, dataDir: string): Promise<void> {
  const next = path.join(dataDir, 'auth.next');
  const current = path.join(dataDir, 'auth');
  const previous = path.join(dataDir, 'auth.previous');
  rmSync(next, { recursive: true, force: true });
  const response = await fetch(`${hubUrl}/_admin/export`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path: next, initiatedBy: 'storefront', targets: ['auth'] }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`export of accounts failed: ${response.status} ${await response.text()}`);
  rmSync(previous, { recursive: true, force: true });
  if (existsSync(current)) renameSync(current, previous);
  renameSync(next, current);
  syncDirectory(dataDir);
  rmSync(previous, { recursive: true, force: true });
}

/** The saved accounts to import at start: the current export, or the previous one if a save was cut short. */
function savedAccounts(dataDir: string): string | undefined {
  for (const name of ['auth', 'auth.previous']) {
    const dir = path.join(dataDir, name);
    if (existsSync(path.join(dir, exportMetadata))) return dir;
  }
  return undefined;
}

/** The host, the demo project and the port asked for, refused with a clear message when they cannot work. */
function checkedOptions(options: AuthEmulatorOptions): { host: string; projectId: string; requestedPort: number } {
  const projectId = options.projectId ?? 'demo-storefront';
  if (!/^demo-[a-z0-9-]{1,25}$/.test(projectId)) {
    throw new Error(
      `auth emulator: project id must be "demo-" followed by lowercase letters, digits or dashes (got "${projectId}"); demo projects run fully offline`,
    );
  }
  const requestedPort = options.port ?? 9099;
  if (!Number.isInteger(requestedPort) || requestedPort < 0 || requestedPort > 65535) {
    throw new Error(`auth emulator: invalid port ${String(options.port)}`);
  }
  return { host: options.host ?? '127.0.0.1', projectId, requestedPort };
}

/** Writes the firebase.json of one emulator instance into its private temp dir; returns its path. */
function writeEmulatorConfig(tmpDir: string, host: string, ports: { auth: number; hub: number; logging: number }): string {
  const configPath = path.join(tmpDir, 'firebase.json');
  const emulators = {
    auth: { host, port: ports.auth },
    hub: { host, port: ports.hub },
    logging: { host, port: ports.logging },
    ui: { enabled: false },
    singleProjectMode: true,
  };
  writeFileSync(configPath, JSON.stringify({ emulators }, null, 2));
  return configPath;
}

/** `firebase emulators:start --only auth`, with the watcher that stops it when its parent dies. */
function emulatorArgs(projectId: string, configPath: string): string[] {
  return [
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
}

/**
 * Starts the Firebase Auth emulator of firebase-tools (`firebase emulators:start --only auth`) offline, in
 * its own process group, with a generated firebase.json in a private temp dir (also its cwd, so its
 * firebase-debug.log lands there), on a private port behind the proxy of authProxy.ts, which takes the
 * public port. Resolves once both answer. With `dataDir`, accounts are imported at start and saved
 * shortly after every change.
 */
export async function startAuthEmulator(options: AuthEmulatorOptions = {}): Promise<RunningAuthEmulator> {
  const { host, projectId, requestedPort } = checkedOptions(options);
  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000;
  const publicPort = requestedPort === 0 ? await freePort(host) : requestedPort;
  await assertPortFree(host, publicPort, 'auth emulator', 'another emulator or app is running there?');
  // The emulator itself listens on a private port; the proxy takes the public one. The emulator suite
  // also opens a hub and a logging port; take free ones so instances never collide.
  const port = await freePort(host);
  const hubPort = await freePort(host);
  const tmpDir = mkdtempSync(path.join(os.tmpdir(), 'mf-account-auth-'));
  const args = emulatorArgs(projectId, writeEmulatorConfig(tmpDir, host, { auth: port, hub: hubPort, logging: await freePort(host) }));
  const dataDir = options.dataDir === undefined ? undefined : path.resolve(options.dataDir);
  const tokens = new IssuedTokens();
  const adminSecret = dataDir ? authAdminSecretOf(dataDir) : randomBytes(32).toString('base64url');
  const tokensFile = dataDir && path.join(dataDir, 'auth-tokens.json');
  if (dataDir && tokensFile) {
    mkdirSync(dataDir, { recursive: true });
    const saved = savedAccounts(dataDir);
    if (saved) args.push('--import', saved);
    tokens.load(readJsonFile(tokensFile));
  }
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

  const emulatorUrl = `http://${host}:${port}`;
  const url = `http://${host}:${publicPort}`;
  const died = exited(child).then(() => `auth emulator exited during start-up (code ${child.exitCode ?? child.signalCode})`);
  try {
    await pollUntil(
      async () => {
        const body = (await httpGetJson(`${emulatorUrl}/`, 1000)) as { authEmulator?: { ready?: boolean } } | null;
        return body?.authEmulator?.ready === true;
      },
      { timeoutMs: readyTimeoutMs, intervalMs: 50, abort: died, what: 'auth emulator ready' },
    );
  } catch (e) {
    await stop();
    throw new Error(`${e instanceof Error ? e.message : String(e)}\n${tail.text()}`);
  }

  const log = options.log ?? (() => {});
  const saves = new SaveScheduler(
    async () => {
      if (!dataDir || !tokensFile) return;
      await exportAccounts(`http://${host}:${hubPort}`, dataDir);
      writeFileAtomic(tokensFile, JSON.stringify(tokens));
    },
    options.saveDelayMs ?? 300,
    (error) => log(`saving accounts failed (will retry): ${error instanceof Error ? error.message : String(error)}`),
  );
  let proxy: Awaited<ReturnType<typeof startAuthProxy>>;
  try {
    proxy = await startAuthProxy({
      host,
      port: publicPort,
      upstream: emulatorUrl,
      projectId,
      allowedOrigins: options.allowedOrigins ?? [],
      tokens,
      adminSecret,
      onChange: () => saves.markDirty(),
      log,
    });
  } catch (e) {
    await stop();
    throw new Error(`auth emulator: cannot listen on ${host}:${publicPort}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const stopEmulator = stop;
  let stopped: Promise<void> | null = null;
  return {
    url,
    host,
    port: publicPort,
    hostAndPort: `${host}:${publicPort}`,
    verifyUrl: `${url}${verifyPath}`,
    adminSecret,
    dataDir,
    flush: () => saves.flush(),
    projectId,
    pid: child.pid ?? -1,
    workDir: tmpDir,
    startupMs: Date.now() - started,
    stop: () => {
      stopped ??= (async () => {
        await proxy.close();
        try {
          await saves.close();
        } finally {
          await stopEmulator();
        }
      })();
      return stopped;
    },
  };
}
