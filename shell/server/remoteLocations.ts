import { randomInt } from 'node:crypto';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { GatewayConfig, RemoteName } from './config.ts';
import { remoteNames } from './config.ts';
import { appNames, manifestFor, releasesInUse, type RegistryState } from '../releases/registry.ts';
import { releaseDir } from '../releases/releaseStore.ts';
import type { RegistryStore } from '../releases/registryStore.ts';

/** The cookie holding a shopper's canary bucket (0-99), so one shopper stays on one release. */
export const BUCKET_COOKIE = 'sf_bucket';
const BUCKET_MAX_AGE_S = 30 * 24 * 3600;

export type RemoteManifests = Record<RemoteName, string>;

/** The bucket in a bucket cookie's value, or undefined when there is none (or a malformed one). */
function bucketFrom(cookieValue: string | undefined): number | undefined {
  return cookieValue !== undefined && /^\d{1,2}$/.test(cookieValue) ? Number(cookieValue) : undefined;
}

/** Keeps a shopper in their canary bucket for a month, on every page of the shop, out of reach of the page's scripts. */
export function setBucketCookie(reply: FastifyReply, bucket: number, production: boolean): void {
  reply.setCookie(BUCKET_COOKIE, String(bucket), { path: '/', maxAge: BUCKET_MAX_AGE_S, sameSite: 'lax', httpOnly: true, secure: production });
}

/** The directory of a shell release from its registry entry (`/releases/shell/<id>/mf-manifest.json`). */
function shellReleaseDir(config: GatewayConfig, manifest: string): string | undefined {
  const id = /^\/releases\/shell\/([^/]+)\/mf-manifest\.json$/.exec(manifest)?.[1];
  return id ? releaseDir(config.releasesDir, 'shell', id) : undefined;
}

/**
 * Where each remote lives for one shopper's page, and which shell build serves it: the registry's
 * live release (or its canary for shoppers in the canary's share), else the gateway's configured
 * default. A shopper without a bucket (`bucketCookie`, the value of their BUCKET_COOKIE) gets one
 * only while some canary runs (`newBucket`, for setBucketCookie), so most pages set no cookie.
 */
export function remotesForShopper(
  config: GatewayConfig,
  registry: RegistryStore,
  bucketCookie: string | undefined,
): { remotes: RemoteManifests; shellDir: string; newBucket?: number } {
  const state = registry.current();
  const canaryRuns = appNames.some((name) => state.remotes[name]?.canary);
  const known = bucketFrom(bucketCookie);
  const newBucket = known === undefined && canaryRuns ? randomInt(100) : undefined;
  const bucket = known ?? newBucket ?? 99;
  const remotes = Object.fromEntries(remoteNames.map((name) => [name, manifestFor(state, name, bucket, config.remotes[name].manifest)])) as RemoteManifests;
  const shellDir = shellReleaseDir(config, manifestFor(state, 'shell', bucket, '')) ?? config.shellDist;
  return newBucket === undefined ? { remotes, shellDir } : { remotes, shellDir, newBucket };
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
