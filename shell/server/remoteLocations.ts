import { randomInt } from 'node:crypto';
import path from 'node:path';
import type { GatewayConfig, RemoteName } from './config.ts';
import { remoteNames } from './config.ts';
import { appNames, manifestFor, releasesInUse, type RegistryState } from '../releases/registry.ts';
import { releaseDir } from '../releases/releaseStore.ts';
import type { RegistryStore } from '../releases/registryStore.ts';

/** The cookie holding a shopper's canary bucket (0-99), so one shopper stays on one release. */
export const BUCKET_COOKIE = 'sf_bucket';
const BUCKET_MAX_AGE_S = 30 * 24 * 3600;

export type RemoteManifests = Record<RemoteName, string>;

/** The bucket in a Cookie header, or undefined when it has none (or a malformed one). */
export function bucketFrom(cookieHeader: string | undefined): number | undefined {
  const match = /(?:^|;\s*)sf_bucket=(\d{1,2})(?:;|$)/.exec(cookieHeader ?? '');
  return match ? Number(match[1]) : undefined;
}

/** The directory of a shell release from its registry entry (`/releases/shell/<id>/mf-manifest.json`). */
function shellReleaseDir(config: GatewayConfig, manifest: string): string | undefined {
  const id = /^\/releases\/shell\/([^/]+)\/mf-manifest\.json$/.exec(manifest)?.[1];
  return id ? releaseDir(config.releasesDir, 'shell', id) : undefined;
}

/**
 * Where each remote lives for one shopper's page, and which shell build serves it: the registry's
 * live release (or its canary for shoppers in the canary's share), else the gateway's configured
 * default. A shopper without a bucket gets one only while some canary runs (`setCookie`), so most
 * pages set no cookie.
 */
export function remotesForShopper(config: GatewayConfig, registry: RegistryStore, cookieHeader: string | undefined): { remotes: RemoteManifests; shellDir: string; setCookie?: string } {
  const state = registry.current();
  const canaryRuns = appNames.some((name) => state.remotes[name]?.canary);
  let bucket = bucketFrom(cookieHeader);
  let setCookie: string | undefined;
  if (bucket === undefined && canaryRuns) {
    bucket = randomInt(100);
    setCookie = `${BUCKET_COOKIE}=${bucket}; Path=/; Max-Age=${BUCKET_MAX_AGE_S}; SameSite=Lax; HttpOnly${config.production ? '; Secure' : ''}`;
  }
  const remotes = Object.fromEntries(remoteNames.map((name) => [name, manifestFor(state, name, bucket ?? 99, config.remotes[name].manifest)])) as RemoteManifests;
  const shellDir = shellReleaseDir(config, manifestFor(state, 'shell', bucket ?? 99, '')) ?? config.shellDist;
  return setCookie ? { remotes, shellDir, setCookie } : { remotes, shellDir };
}

/**
 * Where the shell's own files may be, first to last: the shopper's shell, then every shell
 * release a page open now may have started with (live, canary, rollback targets, live within the
 * grace period), then the shell's build. Their hashed files are immutable, so a page whose HTML
 * came from one release before a promotion still gets that release's scripts after it.
 */
export function shellRoots(config: GatewayConfig, state: RegistryState, shopperShell: string, now = new Date()): string[] {
  const roots = [shopperShell];
  for (const id of releasesInUse(state, 'shell', now, config.releaseGraceMs)) roots.push(releaseDir(config.releasesDir, 'shell', id));
  roots.push(config.shellDist);
  return [...new Set(roots.map((root) => path.resolve(root)))];
}

/**
 * Origins other than the shop's own that pages may load remotes from: those of the configured
 * defaults and of every live and canary release. The Content-Security-Policy allows these and
 * nothing else.
 */
export function remoteOrigins(config: GatewayConfig, registry: RegistryStore): string[] {
  const state = registry.current();
  const manifests = remoteNames.flatMap((name) => [config.remotes[name].manifest, state.remotes[name]?.live?.manifest, state.remotes[name]?.canary?.manifest]);
  const origins = new Set<string>();
  for (const manifest of manifests) {
    if (!manifest || !/^https?:\/\//i.test(manifest)) continue;
    origins.add(new URL(manifest).origin);
  }
  return [...origins].sort();
}
