import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { incompatibility, type ShellContract } from './compatibility.ts';
import type { ReleaseRef, RemoteName } from './registry.ts';
import { readRelease, releaseDir } from './releaseStore.ts';

const manifestSchema = z.object({
  name: z.string(),
  shared: z.array(z.object({ name: z.string(), requiredVersion: z.string().optional(), singleton: z.boolean().optional() }).passthrough()).default([]),
});
const releaseNotes = z.object({ routerImports: z.array(z.string()).default([]) }).passthrough();
const shellContractSchema = z.object({ shared: z.record(z.string(), z.string()), routerExports: z.array(z.string()) });

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

export function readShellContract(shellDist: string): ShellContract {
  try {
    return shellContractSchema.parse(JSON.parse(readFileSync(path.join(shellDist, 'shell-contract.json'), 'utf8')));
  } catch {
    throw new PromotionError(`the live shell build (${shellDist}) has no readable shell-contract.json; build the shell first (npm run build)`);
  }
}

/**
 * Checks that release `id` of `remote` exists and that the live shell can run it; returns what the
 * registry records. `url` is the release's manifest on another origin; without it, the release is
 * one of ours under the releases directory.
 */
export async function checkPromotion(settings: { releasesDir: string; shellDist: string }, remote: RemoteName, id: string, url?: string): Promise<ReleaseRef> {
  let manifest: unknown;
  let notes: unknown = {};
  let ref: ReleaseRef;
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
    manifest = await fetchJson(location);
    // The router check needs the release's notes: a release is uploaded whole, release.json included.
    notes = await fetchJson(new URL('release.json', location)).catch(() => {
      throw new PromotionError(`${new URL('release.json', location).href} is missing: upload the whole release directory (npm run release wrote it), release.json included`);
    });
    ref = { id, manifest: location.href };
  } else {
    if (!readRelease(settings.releasesDir, remote, id)) throw new PromotionError(`there is no ${remote} release ${id} (see npm run deploy -w mf-${remote} -- --list)`);
    const dir = releaseDir(settings.releasesDir, remote, id);
    manifest = JSON.parse(readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8'));
    notes = JSON.parse(readFileSync(path.join(dir, 'release.json'), 'utf8'));
    ref = { id, manifest: `/releases/${remote}/${id}/mf-manifest.json` };
  }
  const parsedManifest = manifestSchema.safeParse(manifest);
  if (!parsedManifest.success) throw new PromotionError(`${id} has no valid Module Federation manifest`);
  if (parsedManifest.data.name !== remote) throw new PromotionError(`${id} is a build of ${parsedManifest.data.name}, not ${remote}`);
  const problem = incompatibility(readShellContract(settings.shellDist), {
    shared: parsedManifest.data.shared,
    routerImports: releaseNotes.parse(notes).routerImports,
  });
  if (problem) throw new PromotionError(`${remote} ${id} cannot run in the live shell: ${problem}`);
  return ref;
}
