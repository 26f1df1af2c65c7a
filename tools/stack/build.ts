import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runNode } from '../kit/processes.ts';
import { appDir, frontEndApps, type FrontEndApp } from './apps.ts';
import { buildFingerprint, isBuildCurrent, stampFile } from './buildStamp.ts';
import { precompress } from '../../shell/releases/precompress.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const webpackBin = path.join(repoRoot, 'node_modules', 'webpack-cli', 'bin', 'cli.js');

async function runWebpack(app: FrontEndApp, mode: string): Promise<void> {
  const webpack = runNode(webpackBin, {
    args: ['--mode', mode, '--config', 'webpack.config.ts'],
    cwd: appDir(repoRoot, app),
    inheritEnv: true,
    name: `webpack for ${app}`,
  });
  const code = await webpack.exited;
  if (code !== 0) throw new Error(`webpack failed for ${app} (exit ${code}):\n${webpack.output().slice(-4000)}`);
}

/**
 * Builds the front ends whose inputs changed since their last build, two at a time (this machine
 * has two cores). With force, builds them all.
 */
export async function buildFrontEnds({ force = false, mode = 'production', log = console.log } = {}): Promise<void> {
  const stale = frontEndApps
    .map((app) => ({ app, fingerprint: buildFingerprint(appDir(repoRoot, app), repoRoot, mode) }))
    .filter(({ app, fingerprint }) => force || !isBuildCurrent(appDir(repoRoot, app), fingerprint));
  if (stale.length === 0) {
    log('[build] front ends are up to date');
    return;
  }
  const queue = [...stale];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const started = Date.now();
      log(`[build] ${next.app} (${mode})…`);
      await runWebpack(next.app, mode);
      if (mode === 'production') precompress(path.join(appDir(repoRoot, next.app), 'dist'));
      writeFileSync(stampFile(appDir(repoRoot, next.app)), next.fingerprint);
      log(`[build] ${next.app} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  };
  await Promise.all([worker(), worker()]);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildFrontEnds({ force: process.argv.includes('--force') }).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
