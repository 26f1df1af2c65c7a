// The gateway's side of server rendering: which shell build renders the page (the shopper's shell,
// from its dist/server/render.cjs, reloaded when that build changes) and where each remote's server
// build is (beside the browser build the shopper gets: <manifest's folder>/server/remoteEntry.js).
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { RenderPage } from '../src/server-render/contract.ts';
import type { GatewayConfig, RemoteName } from './config.ts';
import { remoteNames } from './config.ts';
import { servedFrom } from './pageHead.ts';

const mtime = (file: string) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
};

const renderers = new Map<string, { mtimeMs: number; renderPage: RenderPage }>();

/**
 * The render function of the shell build in `shellDir`, or undefined when that build has no server
 * build. A rebuilt shell is loaded afresh on its next page; the one before stays with pages already
 * rendering.
 */
export function shellRenderer(shellDir: string): RenderPage | undefined {
  const file = path.join(shellDir, 'server', 'render.cjs');
  const mtimeMs = mtime(file);
  if (mtimeMs === undefined) return undefined;
  const known = renderers.get(file);
  if (known?.mtimeMs === mtimeMs) return known.renderPage;
  const load = createRequire(file);
  delete load.cache[file];
  const { renderPage } = load(file) as { renderPage?: RenderPage };
  if (typeof renderPage !== 'function') throw new Error(`${file} does not export renderPage`);
  renderers.set(file, { mtimeMs, renderPage });
  return renderPage;
}

/** Where this gateway answers itself (the remotes it serves, from its own render). */
export function ownOrigin(config: GatewayConfig): string {
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

/**
 * Each remote's server entry for a page whose browser loads the remotes from `manifests`. A remote
 * this gateway serves from disk counts only if its build has a server part, and its entry carries
 * the build's time, so a rebuilt remote is a new entry (loaded afresh, without a restart); a release
 * is immutable and needs none. `shellBuild` keeps the remotes of one shell build apart from
 * another's (each shell build shares its own React with the remotes it loads).
 */
export function serverEntries(config: GatewayConfig, manifests: Record<RemoteName, string>, shellBuild: string): Partial<Record<RemoteName, string>> {
  const entries: Partial<Record<RemoteName, string>> = {};
  for (const name of remoteNames) {
    const manifest = manifests[name];
    const entry = new URL('server/remoteEntry.js', new URL(manifest, `${ownOrigin(config)}/`));
    const served = servedFrom(config, name, manifest);
    if (served) {
      const built = mtime(path.join(served.dir, 'server', 'remoteEntry.js'));
      if (built === undefined) continue;
      if (served.base.startsWith('/remotes/')) entry.searchParams.set('build', String(Math.round(built)));
    }
    entry.searchParams.set('shell', shellBuild);
    entries[name] = entry.href;
  }
  return entries;
}

/** The shell build's identity for serverEntries: where it is and when it was built. */
export function shellBuildId(shellDir: string): string {
  return `${path.basename(path.resolve(shellDir, '..'))}-${path.basename(shellDir)}-${Math.round(mtime(path.join(shellDir, 'server', 'render.cjs')) ?? 0)}`;
}
