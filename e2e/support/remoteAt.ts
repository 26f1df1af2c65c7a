import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runNode } from '../../tools/kit/processes.ts';

const repoRoot = path.resolve(__dirname, '..', '..');

/** Whether this clone has `commit` (a shallow clone may not). */
export function hasCommit(commit: string): boolean {
  try {
    execFileSync('git', ['-C', repoRoot, 'cat-file', '-e', `${commit}^{commit}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * A remote's browser build as its team built it at `commit`: its sources, and the shared-events of
 * that commit (its fallback copy and the `shared-events/react` it bundles), with today's installed
 * libraries. Returns the build's folder, to serve as that remote's release.
 */
export async function buildRemoteAt(remote: string, commit: string): Promise<string> {
  const tree = mkdtempSync(path.join(os.tmpdir(), `e2e-${remote}-at-${commit.slice(0, 7)}-`));
  // The workspace, shared-events, and what the remotes' webpack configuration imports.
  const parts = [
    `mf-${remote}`,
    'shared-events',
    'tools/webpack',
    'tools/package.json',
    'shell/releases',
    'shell/package.json',
    'shell/remotes.ts',
    'tsconfig.base.json',
    'package.json',
  ];
  const archive = execFileSync('git', ['-C', repoRoot, 'archive', commit, ...parts]);
  execFileSync('tar', ['-x', '-C', tree], { input: archive });
  mkdirSync(path.join(tree, 'node_modules'));
  for (const name of readdirSync(path.join(repoRoot, 'node_modules'))) {
    if (name !== 'shared-events') symlinkSync(path.join(repoRoot, 'node_modules', name), path.join(tree, 'node_modules', name));
  }
  symlinkSync('../shared-events', path.join(tree, 'node_modules', 'shared-events'));
  const output = path.join(tree, 'build');
  const webpack = runNode(path.join(repoRoot, 'node_modules/webpack-cli/bin/cli.js'), {
    name: `webpack for mf-${remote} at ${commit.slice(0, 7)}`,
    args: ['--mode', 'production', '--config', 'webpack.config.ts', '--env', `output=${output}`],
    cwd: path.join(tree, `mf-${remote}`),
    inheritEnv: true,
  });
  const code = await webpack.exited;
  if (code !== 0) throw new Error(`the build of mf-${remote} at ${commit} failed (exit ${code}):\n${webpack.output().slice(-3000)}`);
  return output;
}
