import { randomInt } from 'node:crypto';
import type { GatewayConfig, RemoteName } from './config.ts';
import { remoteNames } from './config.ts';
import { manifestFor } from '../releases/registry.ts';
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

/**
 * Where each remote lives for one shopper's page: the registry's live release (or its canary for
 * shoppers in the canary's share), else the gateway's configured default. A shopper without a
 * bucket gets one only while some canary runs (`setCookie`), so most pages set no cookie.
 */
export function remotesForShopper(config: GatewayConfig, registry: RegistryStore, cookieHeader: string | undefined): { remotes: RemoteManifests; setCookie?: string } {
  const state = registry.current();
  const canaryRuns = remoteNames.some((name) => state.remotes[name]?.canary);
  let bucket = bucketFrom(cookieHeader);
  let setCookie: string | undefined;
  if (bucket === undefined && canaryRuns) {
    bucket = randomInt(100);
    setCookie = `${BUCKET_COOKIE}=${bucket}; Path=/; Max-Age=${BUCKET_MAX_AGE_S}; SameSite=Lax; HttpOnly${config.production ? '; Secure' : ''}`;
  }
  const remotes = Object.fromEntries(remoteNames.map((name) => [name, manifestFor(state, name, bucket ?? 99, config.remotes[name].manifest)])) as RemoteManifests;
  return setCookie ? { remotes, setCookie } : { remotes };
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
