import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Releases of a remote, kept side by side under `<root>/<remote>/<id>/`. A release is immutable:
 * its id is the package version and a hash of every file in it, so the same build is the same
 * release and two builds never share a directory. Open pages may keep asking for a release's
 * chunks long after it stopped being live, which is why only pruning (never a new release) removes
 * one, and pruning spares whatever the registry still needs.
 */

export const releaseIdPattern = /^[0-9A-Za-z.+_]{1,40}-[0-9a-f]{10}$/;
const remotePattern = /^[a-z][a-z0-9-]{0,30}$/;

const releaseInfoSchema = z.object({
  remote: z.string().regex(remotePattern),
  id: z.string().regex(releaseIdPattern),
  version: z.string(),
  createdAt: z.string(),
  files: z.number().int().min(1),
  /** Shared module -> the exports the remote's code imports (checked against what the shell provides). */
  imports: z.record(z.string(), z.array(z.string())).optional(),
  /** What a release made before `imports` records: its react-router-dom imports only. */
  routerImports: z.array(z.string()).optional(),
});
export type ReleaseInfo = z.infer<typeof releaseInfoSchema>;

const INFO_FILE = 'release.json';

function filesUnder(dir: string, prefix = ''): string[] {
  const names: string[] = [];
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) names.push(...filesUnder(dir, relative));
    else if (entry.isFile() && relative !== INFO_FILE) names.push(relative);
  }
  return names.sort();
}

/** A hash of a build: every file's path and bytes, in a stable order (10 hex digits). */
export function contentHash(dir: string): string {
  const hash = createHash('sha256');
  for (const file of filesUnder(dir)) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(dir, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 10);
}

export function releaseDir(root: string, remote: string, id: string): string {
  if (!remotePattern.test(remote) || !releaseIdPattern.test(id)) throw new Error(`Not a release: ${remote}/${id}`);
  return path.join(root, remote, id);
}

/**
 * Files a finished build (`builtDir`, which must hold mf-manifest.json) as a release of `remote`.
 * Building the same sources again gives the same id, and the existing release is kept as it is.
 */
export function createRelease(
  root: string,
  remote: string,
  builtDir: string,
  version: string,
  notes: Pick<ReleaseInfo, 'imports' | 'routerImports'> = {},
  now = new Date(),
): ReleaseInfo {
  if (!existsSync(path.join(builtDir, 'mf-manifest.json'))) throw new Error(`${builtDir} is not a remote build: it has no mf-manifest.json`);
  const safeVersion = version.replace(/[^0-9A-Za-z.+_]/g, '_').slice(0, 40);
  const id = `${safeVersion}-${contentHash(builtDir)}`;
  const target = releaseDir(root, remote, id);
  const existing = readRelease(root, remote, id);
  if (existing) return existing;
  const info: ReleaseInfo = {
    remote,
    id,
    version,
    createdAt: now.toISOString(),
    files: filesUnder(builtDir).length,
    ...(notes.imports ? { imports: notes.imports } : {}),
    ...(notes.routerImports ? { routerImports: notes.routerImports } : {}),
  };
  // Copied beside the target and renamed into place: a release directory is complete or absent.
  const staging = `${target}.staging-${process.pid}`;
  mkdirSync(path.dirname(target), { recursive: true });
  rmSync(staging, { recursive: true, force: true });
  cpSync(builtDir, staging, { recursive: true });
  writeFileSync(path.join(staging, INFO_FILE), `${JSON.stringify(info, null, 2)}\n`);
  renameSync(staging, target);
  return info;
}

export function readRelease(root: string, remote: string, id: string): ReleaseInfo | undefined {
  try {
    return releaseInfoSchema.parse(JSON.parse(readFileSync(path.join(releaseDir(root, remote, id), INFO_FILE), 'utf8')));
  } catch {
    return undefined;
  }
}

/** The releases of a remote, oldest first. */
export function listReleases(root: string, remote: string): ReleaseInfo[] {
  const dir = path.join(root, remote);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => releaseIdPattern.test(name))
    .map((id) => readRelease(root, remote, id))
    .filter((info): info is ReleaseInfo => info !== undefined)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/**
 * Removes the releases of `remote` beyond the newest `keep`, sparing every id in `inUse` (live,
 * canary, rollback targets, recently live). Returns the ids removed.
 */
export function pruneReleases(root: string, remote: string, keep: number, inUse: ReadonlySet<string>): string[] {
  const releases = listReleases(root, remote);
  const newest = new Set(releases.slice(Math.max(0, releases.length - keep)).map((release) => release.id));
  const removed: string[] = [];
  for (const release of releases) {
    if (newest.has(release.id) || inUse.has(release.id)) continue;
    rmSync(releaseDir(root, remote, release.id), { recursive: true, force: true });
    removed.push(release.id);
  }
  return removed;
}
