// The build the interactions bench compares with (`--against <git ref>`), and the one it measures when
// that is a commit too (`--build <git ref>`): the commit checked out in a git worktree under .cache/,
// its front ends built by its own tools/stack/build.ts, and its own stack started on its own ports. The worktree borrows this checkout's node_modules, one link per package,
// except the workspaces, which are the worktree's own: its shared-events, its shell, its remotes.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';

/** What a front-end build reads (tools/stack/buildStamp.ts): a commit touching none of it builds the same front ends. */
export const FRONT_END_PATHS = [
  'shell/src',
  'shell/webpack.config.ts',
  'shared-events/src',
  'tools/webpack',
  'package-lock.json',
  ...['mf-catalog', 'mf-cart', 'mf-account', 'mf-checkout', 'mf-admin'].flatMap((app) => [`${app}/src`, `${app}/webpack.config.ts`]),
];

const git = (repoRoot: string, args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/**
 * The default previous build: HEAD when the working tree's front ends differ from it (the run
 * measures uncommitted work against the last commit), otherwise the parent of the newest commit
 * that changed a front end (so a docs-only HEAD does not compare a build with itself).
 */
export function defaultAgainst(repoRoot: string): { ref: string; why: string } {
  const changed = git(repoRoot, ['status', '--porcelain', '--', ...FRONT_END_PATHS]);
  if (changed) return { ref: 'HEAD', why: 'the working tree changes front-end code: HEAD' };
  const last = git(repoRoot, ['log', '-1', '--format=%H', '--', ...FRONT_END_PATHS]);
  return { ref: `${last}~1`, why: `the parent of ${last.slice(0, 9)}, the last commit that changed front-end code` };
}

/** The commit a ref names, refused with a clear message when it names none. */
export function resolveCommit(repoRoot: string, ref: string): string {
  try {
    return git(repoRoot, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    throw new Error(`--against ${ref}: not a commit of this repository`);
  }
}

/** The workspaces of a checkout (root package.json), each linked to its own folder. */
function workspaces(root: string): string[] {
  return (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces?: string[] }).workspaces ?? [];
}

/**
 * node_modules for the worktree: a folder of links to this checkout's packages, the workspaces
 * pointing at the worktree's own folders (a link to the whole node_modules would resolve
 * shared-events and every app to this checkout's sources, through their links).
 */
function linkNodeModules(repoRoot: string, worktree: string): void {
  const own = new Set(workspaces(worktree));
  const target = path.join(worktree, 'node_modules');
  mkdirSync(target, { recursive: true });
  for (const entry of readdirSync(path.join(repoRoot, 'node_modules'))) {
    const link = path.join(target, entry);
    if (existsSync(link) || isLink(link)) continue;
    symlinkSync(own.has(entry) ? path.join(worktree, entry) : path.join(repoRoot, 'node_modules', entry), link);
  }
  for (const workspace of own) {
    const nested = path.join(repoRoot, workspace, 'node_modules');
    const link = path.join(worktree, workspace, 'node_modules');
    if (existsSync(nested) && existsSync(path.join(worktree, workspace)) && !existsSync(link) && !isLink(link)) symlinkSync(nested, link);
  }
}

function isLink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

export interface CommitCheckout {
  commit: string;
  dir: string;
}

/**
 * The worktree of `commit` under .cache/bench-against/, made once and kept (its front ends' build
 * stamps make a later run's build a no-op). A commit from before the stack's one list of ports
 * (tools/stack/stackPorts.ts) cannot be moved to other ports, so it is refused.
 */
export function checkoutCommit(repoRoot: string, commit: string): CommitCheckout {
  const dir = path.join(repoRoot, '.cache', 'bench-against', commit.slice(0, 12));
  if (!existsSync(path.join(dir, '.git'))) {
    mkdirSync(path.dirname(dir), { recursive: true });
    git(repoRoot, ['worktree', 'add', '--detach', '--force', dir, commit]);
  }
  if (!existsSync(path.join(dir, 'tools', 'stack', 'stackPorts.ts')))
    throw new Error(`${commit.slice(0, 9)} predates tools/stack/stackPorts.ts: its stack cannot run beside another`);
  linkNodeModules(repoRoot, dir);
  return { commit, dir };
}
