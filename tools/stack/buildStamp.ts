import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ignored = new Set(['node_modules', 'dist', 'server', '.data', 'coverage']);

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (ignored.has(entry.name) || entry.name.endsWith('.test.ts') || entry.name.endsWith('.test.tsx')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/**
 * A fingerprint of everything a front-end build reads: its own sources and config, the shared
 * event package, the remotes' shared webpack configuration, and the lockfile. Equal fingerprints mean the existing dist/ is current.
 */
export function buildFingerprint(appDir: string, repoRoot: string, mode: string): string {
  const hash = createHash('sha256').update(mode);
  const inputs = [
    ...files(path.join(appDir, 'src')),
    path.join(appDir, 'webpack.config.ts'),
    path.join(appDir, 'package.json'),
    ...files(path.join(repoRoot, 'shared-events', 'src')),
    // The remotes' shared webpack configuration and plugins.
    ...files(path.join(repoRoot, 'tools', 'webpack')),
    path.join(repoRoot, 'package-lock.json'),
  ].filter((file) => existsSync(file));
  for (const file of inputs.sort()) {
    hash.update(path.relative(repoRoot, file));
    hash.update(String(statSync(file).size));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

export function stampFile(appDir: string): string {
  return path.join(appDir, 'dist', '.build-stamp');
}

export function isBuildCurrent(appDir: string, fingerprint: string): boolean {
  const stamp = stampFile(appDir);
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === fingerprint;
}
