import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { routerImportsOf } from './compatibility.ts';
import { loadReleaseSettings, type ReleaseSettings } from './settings.ts';
import { checkPromotion } from './promotion.ts';
import { promote, releasesInUse, remoteNames, rollback, setCanary, RegistryError, type RemoteName, type RegistryState } from './registry.ts';
import { openRegistry } from './openRegistry.ts';
import { createRelease, listReleases, pruneReleases, readRelease } from './releaseStore.ts';
import { precompress } from '../../tools/stack/precompress.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const usage = `Usage:
  npm run release -w mf-<name>                              build the remote into a new release (prints its id)
  npm run deploy -w mf-<name> -- --release <id> [--url <manifest URL>]
                                                            make a release live (--url: hosted on another origin)
  npm run deploy -w mf-<name> -- --rollback                 return to the previous live release
  npm run deploy -w mf-<name> -- --canary <id> --percent N  serve a release to N% of shoppers (0 stops it)
  npm run deploy -w mf-<name> -- --list                     the releases on disk and which is live
  npm run deploy -- --history                               every promotion, rollback and canary`;

class UsageError extends Error {}

function remoteArg(value: string | undefined): RemoteName {
  if (!remoteNames.includes(value as RemoteName)) throw new UsageError(`Name a remote: one of ${remoteNames.join(', ')}`);
  return value as RemoteName;
}

/** Module sources of a remote that ship to shoppers (not its tests, not its standalone harness). */
function shippedSources(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['standalone', 'testing', '__tests__'].includes(entry.name)) files.push(...shippedSources(full));
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(full);
  }
  return files;
}

function releaseCommand(remote: RemoteName, settings: ReleaseSettings): void {
  const packageDir = path.join(repoRoot, `mf-${remote}`);
  const version = (JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
  const staging = mkdtempSync(path.join(tmpdir(), `release-${remote}-`));
  try {
    console.log(`[release] building mf-${remote} ${version}`);
    execFileSync(process.execPath, [path.join(repoRoot, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production', '--config', `mf-${remote}/webpack.config.ts`, '--output-path', staging], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    // Served as they are by the gateway (brotli and gzip beside each text file), like mf-*/dist.
    precompress(staging);
    const routerImports = [...new Set(shippedSources(path.join(packageDir, 'src')).flatMap((file) => routerImportsOf(readFileSync(file, 'utf8'))))].sort();
    const info = createRelease(settings.releasesDir, remote, staging, version, { routerImports });
    const where = path.join(settings.releasesDir, remote, info.id);
    const shown = path.relative(repoRoot, where).startsWith('..') ? where : path.relative(repoRoot, where);
    console.log(`[release] ${remote} ${info.id} (${info.files} files) in ${shown}`);
    console.log(`[release] make it live with: npm run deploy -w mf-${remote} -- --release ${info.id}`);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

function formatHistory(state: RegistryState, remote?: RemoteName): string {
  const entries = state.history.filter((entry) => !remote || entry.remote === remote);
  if (!entries.length) return 'No promotions yet: every remote is served from its own build (mf-*/dist).';
  return entries
    .map((entry) => {
      const what =
        entry.action === 'canary' ? `canary ${entry.release} at ${entry.percent}%` : entry.action === 'canary-off' ? `canary ${entry.release} stopped` : `${entry.action} ${entry.release}${entry.from ? ` (was ${entry.from})` : ''}`;
      return `${entry.at}  ${entry.remote.padEnd(8)} ${what}  by ${entry.by}`;
    })
    .join('\n');
}

async function deployCommand(remote: RemoteName | undefined, options: Record<string, string | boolean | undefined>, settings: ReleaseSettings): Promise<void> {
  const registry = await openRegistry(settings);
  try {
    if (options.history) {
      console.log(formatHistory(registry.current(), remote));
      return;
    }
    const name = remoteArg(remote);
    const by = typeof options.by === 'string' ? options.by : (process.env.USER ?? userInfo().username);
    const change = { remote: name, by, at: new Date() };
    if (options.list) {
      const current = registry.current().remotes[name];
      for (const release of listReleases(settings.releasesDir, name)) {
        const marks = [current?.live?.id === release.id ? 'live' : '', current?.canary?.id === release.id ? `canary ${current.canary.percent}%` : ''].filter(Boolean);
        console.log(`${release.id}  ${release.createdAt}${marks.length ? `  (${marks.join(', ')})` : ''}`);
      }
      if (current?.live && !readRelease(settings.releasesDir, name, current.live.id)) console.log(`${current.live.id}  live from ${current.live.manifest}`);
      return;
    }
    let next: RegistryState;
    if (options.rollback) {
      next = await registry.update((state) => rollback(state, change));
    } else {
      const id = typeof options.canary === 'string' ? options.canary : options.release;
      if (typeof id !== 'string') throw new UsageError('Say what to do: --release <id>, --rollback, --canary <id> --percent N, --list or --history');
      const ref = await checkPromotion(settings, name, id, typeof options.url === 'string' ? options.url : undefined);
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
  if (command === 'release') return releaseCommand(remoteArg(remote), settings);
  if (command === 'deploy') return deployCommand(remote as RemoteName | undefined, values, settings);
  throw new UsageError(`Unknown command ${command}`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) console.error(`${error.message}\n\n${usage}`);
  else if (error instanceof RegistryError || (error as { oneLine?: boolean }).oneLine) console.error(`[deploy] refused: ${(error as Error).message}`);
  else console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
