import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { SHARED_IMPORTS_FILE } from './sharedImportsFile.ts';
import { deprecatedImports, incompatibility, type ReleaseNeeds, type ShellContract } from './compatibility.ts';
import { remoteNames, type RegistryState, type ReleaseRef, type RemoteName } from './registry.ts';
import { readRelease, releaseDir } from './releaseStore.ts';
import type { ReleaseSettings } from './settings.ts';

const manifestSchema = z.object({
  name: z.string(),
  shared: z.array(z.object({ name: z.string(), requiredVersion: z.string().optional(), singleton: z.boolean().optional() }).passthrough()).default([]),
});
const exportLists = z.record(z.string(), z.array(z.string()));
// `routerImports`: what a release made before `imports` recorded (its router imports only).
const releaseNotes = z.object({ imports: exportLists.optional(), routerImports: z.array(z.string()).optional() }).passthrough();
const shellContractSchema = z.object({
  shared: z.record(z.string(), z.string()),
  routerExports: z.array(z.string()).optional(),
  provides: exportLists.optional(),
  deprecated: z.record(z.string(), z.record(z.string(), z.string())).optional(),
});

export class PromotionError extends Error {
  readonly oneLine = true;
}

async function fetchJson(url: URL): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    throw new PromotionError(`${url.href} did not answer (${(error as Error).message})`);
  }
  if (!response.ok) throw new PromotionError(`${url.href} answered ${response.status}`);
  return response.json();
}

function readShellContract(dir: string, what: string): ShellContract {
  try {
    return shellContractSchema.parse(JSON.parse(readFileSync(path.join(dir, 'shell-contract.json'), 'utf8')));
  } catch {
    throw new PromotionError(`${what} (${dir}) has no readable shell-contract.json; build the shell first (npm run build)`);
  }
}

type Places = Pick<ReleaseSettings, 'releasesDir' | 'shellDist'>;
type Settings = Places & Pick<ReleaseSettings, 'remoteDefaults' | 'repoRoot'>;

/** The shells shoppers may be running: the live one (a release, or the shell's build) and a canary. */
function shellsInService(settings: Places, state: RegistryState): { label: string; contract: ShellContract }[] {
  const shell = state.remotes.shell;
  const inService = [
    shell?.live
      ? { label: `the live shell ${shell.live.id}`, dir: releaseDir(settings.releasesDir, 'shell', shell.live.id) }
      : { label: 'the live shell', dir: settings.shellDist },
  ];
  if (shell?.canary) inService.push({ label: `the canary shell ${shell.canary.id}`, dir: releaseDir(settings.releasesDir, 'shell', shell.canary.id) });
  return inService.map(({ label, dir }) => ({ label, contract: readShellContract(dir, label) }));
}

/** A remote's manifest and notes, from another origin or from a release on disk. */
async function readReleaseFiles(
  settings: Places,
  remote: RemoteName,
  id: string,
  url: string | undefined,
): Promise<{ ref: ReleaseRef; manifest: unknown; notes: unknown }> {
  if (url) {
    let location: URL;
    try {
      location = new URL(url);
    } catch {
      throw new PromotionError(`--url must be the absolute URL of the release's mf-manifest.json (got ${url})`);
    }
    if (!['https:', 'http:'].includes(location.protocol) || !location.pathname.endsWith('/mf-manifest.json')) {
      throw new PromotionError(`--url must be an http(s) URL ending in /mf-manifest.json (got ${url})`);
    }
    const manifest = await fetchJson(location);
    // The router check needs the release's notes: a release is uploaded whole, release.json included.
    const notes = await fetchJson(new URL('release.json', location)).catch(() => {
      throw new PromotionError(
        `${new URL('release.json', location).href} is missing: upload the whole release directory (npm run release wrote it), release.json included`,
      );
    });
    return { ref: { id, manifest: location.href }, manifest, notes };
  }
  if (!readRelease(settings.releasesDir, remote, id))
    throw new PromotionError(`there is no ${remote} release ${id} (see npm run deploy -w mf-${remote} -- --list)`);
  const dir = releaseDir(settings.releasesDir, remote, id);
  return {
    ref: { id, manifest: `/releases/${remote}/${id}/mf-manifest.json` },
    manifest: JSON.parse(readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8')),
    notes: JSON.parse(readFileSync(path.join(dir, 'release.json'), 'utf8')),
  };
}

function needsOf(remote: RemoteName, id: string, manifest: unknown, notes: unknown): ReleaseNeeds {
  const parsed = manifestSchema.safeParse(manifest);
  if (!parsed.success) throw new PromotionError(`${id} has no valid Module Federation manifest`);
  if (parsed.data.name !== remote) throw new PromotionError(`${id} is a build of ${parsed.data.name}, not ${remote}`);
  const { imports, routerImports } = releaseNotes.parse(notes);
  return { shared: parsed.data.shared, imports: imports ?? (routerImports ? { 'react-router-dom': routerImports } : undefined) };
}

/**
 * Told, one line each, what the gate could not check (a release or shell from before it read
 * exports), or, as a warning, which build still imports a deprecated export.
 */
export type GateNote = (line: string) => void;

const moveOff = 'move off them before a major version removes them (shared-events/README.md)';

/**
 * Checks that release `id` of `remote` exists and that every shell shoppers may be running can
 * run it; returns what the registry records. `url` is the release's manifest on another origin;
 * without it, the release is one of ours under the releases directory.
 */
export async function checkPromotion(
  settings: Places,
  state: RegistryState,
  remote: RemoteName,
  id: string,
  url?: string,
  note: GateNote = () => {},
  warn: GateNote = () => {},
): Promise<ReleaseRef> {
  const { ref, manifest, notes } = await readReleaseFiles(settings, remote, id, url);
  const needs = needsOf(remote, id, manifest, notes);
  const shells = shellsInService(settings, state);
  for (const shell of shells) {
    const problem = incompatibility(shell.contract, needs);
    if (problem) throw new PromotionError(`${remote} ${id} cannot run in ${shell.label}: ${problem}`);
  }
  for (const shell of shells) {
    const deprecated = deprecatedImports(shell.contract, needs);
    if (deprecated.length) warn(`${remote} ${id} imports what ${shell.label} marks deprecated: ${deprecated.join(', ')}; ${moveOff}`);
  }
  if (!needs.imports) note(`${remote} ${id} records no imports (released before the gate read them): checked by version ranges only`);
  for (const shell of shells.filter(({ contract }) => needs.imports && !contract.provides)) {
    note(
      `${shell.label} lists only its router's exports (built before the gate read them): ${remote} ${id} was checked by version ranges and router exports only`,
    );
  }
  return ref;
}

/** What the build of `remote` that shoppers get at `manifest` needs, or undefined when it is not built. */
async function needsOfServed(settings: Settings, remote: RemoteName, served: { id?: string; manifest: string }): Promise<ReleaseNeeds | undefined> {
  const release = new RegExp(`^/releases/${remote}/([^/]+)/mf-manifest\\.json$`).exec(served.manifest);
  if (release) {
    const { manifest, notes } = await readReleaseFiles(settings, remote, release[1]!, undefined);
    return needsOf(remote, release[1]!, manifest, notes);
  }
  if (/^https?:\/\//i.test(served.manifest)) {
    if (served.id) {
      const { manifest, notes } = await readReleaseFiles(settings, remote, served.id, served.manifest);
      return needsOf(remote, served.id, manifest, notes);
    }
    // A REMOTE_<NAME>_URL build hosted elsewhere may predate release notes: its shared ranges are still checked.
    const location = new URL(served.manifest);
    return needsOf(remote, served.manifest, await fetchJson(location), await fetchJson(new URL('release.json', location)).catch(() => ({})));
  }
  // The remote's own build, served by the gateway; one made before builds recorded their imports is checked by ranges.
  const dist = settings.remoteDefaults[remote].dist;
  if (!existsSync(path.join(dist, 'mf-manifest.json'))) return undefined;
  const imports = existsSync(path.join(dist, SHARED_IMPORTS_FILE)) ? JSON.parse(readFileSync(path.join(dist, SHARED_IMPORTS_FILE), 'utf8')) : undefined;
  return needsOf(remote, dist, JSON.parse(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8')), { imports });
}

/**
 * Checks that shell release `id` exists and can run every remote release shoppers may get (live,
 * canary, or a remote's own build); returns what the registry records. The inverse of
 * checkPromotion: a shell that drops a router export or moves a singleton past a live remote's
 * range is refused before any shopper loads it.
 */
export async function checkShellPromotion(
  settings: Settings,
  state: RegistryState,
  id: string,
  url?: string,
  note: GateNote = () => {},
  warn: GateNote = () => {},
): Promise<ReleaseRef> {
  if (url) throw new PromotionError('the shell is served by the gateway itself: promote a shell release by its id, without --url');
  if (!readRelease(settings.releasesDir, 'shell', id)) throw new PromotionError(`there is no shell release ${id} (see npm run deploy -w shell -- --list)`);
  const dir = releaseDir(settings.releasesDir, 'shell', id);
  if (!existsSync(path.join(dir, 'index.html'))) throw new PromotionError(`shell ${id} has no index.html: it is not a shell build`);
  const contract = readShellContract(dir, `shell ${id}`);
  if (!contract.provides) note(`shell ${id} lists only its router's exports (built before the gate read them): the remotes' other imports were not checked`);
  for (const remote of remoteNames) {
    const current = state.remotes[remote];
    const served = [current?.live ?? { manifest: settings.remoteDefaults[remote].manifest }, ...(current?.canary ? [current.canary] : [])];
    for (const build of served) {
      const needs = await needsOfServed(settings, remote, build);
      const problem = needs && incompatibility(contract, needs);
      const dist = settings.remoteDefaults[remote].dist;
      const shown = path.relative(settings.repoRoot, dist).startsWith('..') ? dist : path.relative(settings.repoRoot, dist);
      const which =
        'id' in build && build.id
          ? `${remote} release ${build.id}`
          : /^https?:/i.test(build.manifest)
            ? `${remote} at ${build.manifest}`
            : `${remote} build (${shown})`;
      if (problem) throw new PromotionError(`shell ${id} cannot run the live ${which}: ${problem}`);
      const deprecated = needs ? deprecatedImports(contract, needs) : [];
      if (deprecated.length) warn(`the live ${which} imports what shell ${id} marks deprecated: ${deprecated.join(', ')}; ${moveOff}`);
    }
  }
  return { id, manifest: `/releases/shell/${id}/mf-manifest.json` };
}
