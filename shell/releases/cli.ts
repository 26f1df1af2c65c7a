import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { loadReleaseSettings, type ReleaseSettings } from './settings.ts';
import { checkPromotion, checkShellPromotion } from './promotion.ts';
import { appNames, promote, releasesInUse, remoteNames, rollback, setCanary, RegistryError, type AppName, type RegistryState } from './registry.ts';
import { openRegistry } from './openRegistry.ts';
import { createRelease, listReleases, pruneReleases, readRelease } from './releaseStore.ts';
import { precompress } from './precompress.ts';
import { SHARED_IMPORTS_FILE } from './sharedImportsFile.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const remoteChoice = `${remoteNames.slice(0, -1).join(', ')} or ${remoteNames.at(-1)}`;

const usage = `Usage (<name>: ${remoteChoice} as -w mf-<name>; the shell itself as -w shell):
  npm run release -w mf-<name>                              build the remote into a new release (prints its id)
  npm run deploy -w mf-<name> -- --release <id> [--url <manifest URL>]
                                                            make a release live (--url: hosted on another origin)
  npm run deploy -w mf-<name> -- --rollback [--force]       return to the previous live release (checked as a
                                                            promotion against what is live; --force skips that)
  npm run deploy -w mf-<name> -- --canary <id> --percent N  serve a release to N% of shoppers (0 stops it)
  npm run deploy -w mf-<name> -- --list                     the releases on disk and which is live
  npm run deploy -- --history                               every promotion, rollback and canary`;

class UsageError extends Error {}

function appArg(value: string | undefined): AppName {
  if (!appNames.includes(value as AppName)) throw new UsageError(`Name a remote or the shell: one of ${appNames.join(', ')}`);
  return value as AppName;
}

const packageOf = (app: AppName) => (app === 'shell' ? 'shell' : `mf-${app}`);

function sharedImportsOfBuild(dir: string): Record<string, string[]> {
  try {
    return JSON.parse(readFileSync(path.join(dir, SHARED_IMPORTS_FILE), 'utf8')) as Record<string, string[]>;
  } catch {
    throw new Error(`The build wrote no readable ${SHARED_IMPORTS_FILE} (tools/webpack/sharedImports.ts): the gate could not check what the release imports`);
  }
}

function releaseCommand(app: AppName, settings: ReleaseSettings): void {
  const packageDir = path.join(repoRoot, packageOf(app));
  const version = (JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
  const staging = mkdtempSync(path.join(tmpdir(), `release-${app}-`));
  try {
    console.log(`[release] building ${packageOf(app)} ${version}`);
    execFileSync(
      process.execPath,
      [
        path.join(repoRoot, 'node_modules/webpack-cli/bin/cli.js'),
        '--mode',
        'production',
        '--config',
        `${packageOf(app)}/webpack.config.ts`,
        '--env',
        `output=${staging}`,
      ],
      {
        cwd: repoRoot,
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    if (app === 'shell' && !existsSync(path.join(staging, 'index.html'))) throw new Error('The shell build wrote no index.html');
    // Served as they are by the gateway (brotli and gzip beside each text file), like the builds in dist/.
    precompress(staging);
    // What a remote imports from the shell's singletons is checked at promotion; the shell's own contract is in its build.
    const info = createRelease(settings.releasesDir, app, staging, version, app === 'shell' ? {} : { imports: sharedImportsOfBuild(staging) });
    const where = path.join(settings.releasesDir, app, info.id);
    const shown = path.relative(repoRoot, where).startsWith('..') ? where : path.relative(repoRoot, where);
    console.log(`[release] ${app} ${info.id} (${info.files} files) in ${shown}`);
    console.log(`[release] make it live with: npm run deploy -w ${packageOf(app)} -- --release ${info.id}`);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

function formatHistory(state: RegistryState, remote?: AppName): string {
  const entries = state.history.filter((entry) => !remote || entry.remote === remote);
  if (!entries.length) return 'No promotions yet: the shell and every remote are served from their own builds (dist/).';
  return entries
    .map((entry) => {
      const what =
        entry.action === 'canary'
          ? `canary ${entry.release} at ${entry.percent}%`
          : entry.action === 'canary-off'
            ? `canary ${entry.release} stopped`
            : `${entry.action} ${entry.release}${entry.from ? ` (was ${entry.from})` : ''}`;
      return `${entry.at}  ${entry.remote.padEnd(8)} ${what}  by ${entry.by}`;
    })
    .join('\n');
}

async function deployCommand(remote: AppName | undefined, options: Record<string, string | boolean | undefined>, settings: ReleaseSettings): Promise<void> {
  const registry = await openRegistry(settings);
  try {
    if (options.history) {
      console.log(formatHistory(registry.current(), remote));
      return;
    }
    const name = appArg(remote);
    const by = typeof options.by === 'string' ? options.by : (process.env.USER ?? userInfo().username);
    const change = { remote: name, by, at: new Date() };
    if (options.list) {
      const current = registry.current().remotes[name];
      for (const release of listReleases(settings.releasesDir, name)) {
        const marks = [current?.live?.id === release.id ? 'live' : '', current?.canary?.id === release.id ? `canary ${current.canary.percent}%` : ''].filter(
          Boolean,
        );
        console.log(`${release.id}  ${release.createdAt}${marks.length ? `  (${marks.join(', ')})` : ''}`);
      }
      if (current?.live && !readRelease(settings.releasesDir, name, current.live.id)) console.log(`${current.live.id}  live from ${current.live.manifest}`);
      return;
    }
    let next: RegistryState;
    const state = registry.current();
    const note = (line: string) => console.log(`[deploy] note: ${line}`);
    const warn = (line: string) => console.log(`[deploy] warning: ${line}`);
    const check = (id: string, url: string | undefined) =>
      name === 'shell' ? checkShellPromotion(settings, state, id, url, note, warn) : checkPromotion(settings, state, name, id, url, note, warn);
    if (options.rollback) {
      // The release rolled back to meets the shell and remotes live now, not those of its own day: a
      // shell rolled back past an export a live remote imports would break that remote.
      const target = state.remotes[name]?.previous.at(-1);
      if (target && options.force) note(`--force: ${name} ${target.id} was not checked against what is live`);
      else if (target) await check(target.id, /^https?:\/\//i.test(target.manifest) ? target.manifest : undefined);
      next = await registry.update((current) => rollback(current, change));
    } else {
      const id = typeof options.canary === 'string' ? options.canary : options.release;
      if (typeof id !== 'string') throw new UsageError('Say what to do: --release <id>, --rollback, --canary <id> --percent N, --list or --history');
      const url = typeof options.url === 'string' ? options.url : undefined;
      const ref = await check(id, url);
      if (typeof options.canary === 'string') {
        const percent = Number(options.percent);
        if (options.percent === undefined || !Number.isInteger(percent)) throw new UsageError('--canary needs --percent N (0 to 100)');
        next = await registry.update((state) => setCanary(state, ref, percent, change));
      } else {
        next = await registry.update((state) => promote(state, ref, change));
      }
    }
    const last = next.history.at(-1)!;
    console.log(formatHistory({ ...next, history: [last] }));
    const removed = pruneReleases(settings.releasesDir, name, settings.retention, releasesInUse(next, name, new Date(), settings.graceMs));
    if (removed.length) console.log(`[deploy] pruned ${removed.length} old ${name} release(s): ${removed.join(', ')}`);
  } finally {
    await registry.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      release: { type: 'string' },
      url: { type: 'string' },
      rollback: { type: 'boolean' },
      force: { type: 'boolean' },
      canary: { type: 'string' },
      percent: { type: 'string' },
      history: { type: 'boolean' },
      list: { type: 'boolean' },
      by: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const [command, remote] = positionals;
  if (values.help || !command) {
    console.log(usage);
    return;
  }
  const settings = loadReleaseSettings(process.env, repoRoot);
  if (command === 'release') return releaseCommand(appArg(remote), settings);
  if (command === 'deploy') return deployCommand(remote as AppName | undefined, values, settings);
  throw new UsageError(`Unknown command ${command}`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) console.error(`${error.message}\n\n${usage}`);
  else if (error instanceof RegistryError || (error as { oneLine?: boolean }).oneLine) console.error(`[deploy] refused: ${(error as Error).message}`);
  else console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
