import { z } from 'zod';
import { remoteNames, type RemoteName } from '../remotes.ts';

/**
 * Which release of each remote is live: data the gateway reads on every page load, changed by
 * `npm run deploy`. This module is the pure part (the state, its rules and the changes to it);
 * registryStore.ts keeps it in a file or in PostgreSQL.
 */

export { remoteNames, type RemoteName };

/** What ships as releases: the four remotes and the shell itself (its page, bootstrap and shared libraries). */
export const appNames = [...remoteNames, 'shell'] as const;
export type AppName = (typeof appNames)[number];

const releaseRef = z.object({
  id: z.string().min(1).max(80),
  /** Where the browser fetches the release's manifest: a path on the shop's origin or an https/http URL. */
  manifest: z.string().min(1).max(2000),
});
export type ReleaseRef = z.infer<typeof releaseRef>;

const remoteState = z.object({
  live: releaseRef.optional(),
  /** Earlier live releases, most recent last: `--rollback` returns to the last one. */
  previous: z.array(releaseRef).default([]),
  canary: releaseRef.extend({ percent: z.number().int().min(1).max(99) }).optional(),
});
export type RemoteState = z.infer<typeof remoteState>;

const historyEntry = z.object({
  at: z.string(),
  remote: z.enum(appNames),
  action: z.enum(['promote', 'rollback', 'canary', 'canary-off']),
  release: z.string().optional(),
  from: z.string().optional(),
  percent: z.number().optional(),
  by: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

export const registryStateSchema = z.object({
  version: z.number().int().min(0).default(0),
  remotes: z.partialRecord(z.enum(appNames), remoteState).default({}),
  history: z.array(historyEntry).default([]),
});
export type RegistryState = z.infer<typeof registryStateSchema>;

export const emptyRegistry = (): RegistryState => ({ version: 0, remotes: {}, history: [] });

/** Rollback targets kept per remote (older ones drop off the list, not off the disk). */
const PREVIOUS_KEPT = 10;

export class RegistryError extends Error {}

type Change = { remote: AppName; by: string; at: Date };

function record(state: RegistryState, remote: AppName, next: RemoteState, entry: Omit<HistoryEntry, 'at' | 'remote' | 'by'>, change: Change): RegistryState {
  return {
    version: state.version + 1,
    remotes: { ...state.remotes, [remote]: next },
    history: [...state.history, { at: change.at.toISOString(), remote, by: change.by, ...entry }],
  };
}

export function promote(state: RegistryState, release: ReleaseRef, change: Change): RegistryState {
  const current = state.remotes[change.remote] ?? { previous: [] };
  if (current.live?.id === release.id && current.live.manifest === release.manifest) {
    throw new RegistryError(`${release.id} is already live for ${change.remote}`);
  }
  const previous = current.live ? [...current.previous, current.live].slice(-PREVIOUS_KEPT) : current.previous;
  // Promoting the canary's release ends the canary: everyone now gets it.
  const canary = current.canary?.id === release.id ? undefined : current.canary;
  return record(
    state,
    change.remote,
    { live: release, previous, ...(canary ? { canary } : {}) },
    { action: 'promote', release: release.id, ...(current.live ? { from: current.live.id } : {}) },
    change,
  );
}

export function rollback(state: RegistryState, change: Change): RegistryState {
  const current = state.remotes[change.remote];
  const target = current?.previous.at(-1);
  if (!current?.live || !target) throw new RegistryError(`${change.remote} has no earlier release to roll back to`);
  const next: RemoteState = { live: target, previous: current.previous.slice(0, -1), ...(current.canary ? { canary: current.canary } : {}) };
  return record(state, change.remote, next, { action: 'rollback', release: target.id, from: current.live.id }, change);
}

export function setCanary(state: RegistryState, release: ReleaseRef, percent: number, change: Change): RegistryState {
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new RegistryError('--percent must be a whole number from 0 to 100');
  const current = state.remotes[change.remote] ?? { previous: [] };
  if (percent === 100) return promote(state, release, change);
  if (percent === 0) {
    if (!current.canary) throw new RegistryError(`${change.remote} has no canary to stop`);
    const { canary, ...rest } = current;
    return record(state, change.remote, rest, { action: 'canary-off', release: canary.id }, change);
  }
  if (current.live?.id === release.id) throw new RegistryError(`${release.id} is already live for ${change.remote}`);
  return record(state, change.remote, { ...current, canary: { ...release, percent } }, { action: 'canary', release: release.id, percent }, change);
}

/**
 * The release ids of `remote` that must stay on disk: live, canary, rollback targets, and any that
 * was live within `graceMs` (pages opened then may still ask for its chunks).
 */
export function releasesInUse(state: RegistryState, remote: AppName, now: Date, graceMs: number): Set<string> {
  const current = state.remotes[remote];
  const ids = new Set<string>();
  if (current?.live) ids.add(current.live.id);
  if (current?.canary) ids.add(current.canary.id);
  for (const ref of current?.previous ?? []) ids.add(ref.id);
  for (const entry of state.history) {
    if (entry.remote !== remote || now.getTime() - Date.parse(entry.at) > graceMs) continue;
    if (entry.release) ids.add(entry.release);
    if (entry.from) ids.add(entry.from);
  }
  return ids;
}

/**
 * The manifest each shopper's page uses for `remote`: the canary for shoppers whose bucket (0-99,
 * kept in a cookie) falls under its percentage, else the live release, else the configured default.
 */
export function manifestFor(state: RegistryState, remote: AppName, bucket: number, fallback: string): string {
  const current = state.remotes[remote];
  if (current?.canary && bucket < current.canary.percent) return current.canary.manifest;
  return current?.live?.manifest ?? fallback;
}
