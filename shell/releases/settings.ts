import path from 'node:path';
import { z } from 'zod';
import { defaultRemoteDist, defaultRemoteManifest, remoteDistVariable, remoteNames, remoteUrlVariable, type RemoteName } from '../remotes.ts';

/** A release live within this many hours is never pruned nor forgotten: pages opened then may still load its files. */
export const releaseGraceHours = z.coerce
  .number()
  .min(0)
  .max(24 * 365)
  .default(24);

/** Settings shared by the gateway's registry reader and the release/deploy commands. */
export function loadReleaseSettings(env: NodeJS.ProcessEnv, repoRoot: string) {
  const parsed = z
    .object({
      RELEASES_DIR: z.string().default(path.join(repoRoot, '.releases')),
      // Releases kept per remote beyond those still in use (live, canary, rollback targets, recently live).
      RELEASE_RETENTION: z.coerce.number().int().min(1).max(1000).default(5),
      RELEASE_GRACE_HOURS: releaseGraceHours,
      DATABASE_URL: z
        .string()
        .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
        .optional(),
      SHELL_DIST: z.string().default(path.join(repoRoot, 'shell', 'dist')),
    })
    .safeParse(env);
  if (!parsed.success) {
    throw Object.assign(
      new Error(`Invalid release configuration: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`),
      { oneLine: true },
    );
  }
  const e = parsed.data;
  // Where shoppers get each remote while no release of it is promoted, read as the gateway reads
  // it (REMOTE_<NAME>_URL, <NAME>_DIST): a new shell is checked against these too.
  const remoteDefaults = Object.fromEntries(
    remoteNames.map((name) => [
      name,
      {
        manifest: env[remoteUrlVariable(name)] || defaultRemoteManifest(name),
        dist: path.resolve(env[remoteDistVariable(name)] || defaultRemoteDist(repoRoot, name)),
      },
    ]),
  ) as Record<RemoteName, { manifest: string; dist: string }>;
  return {
    releasesDir: path.resolve(e.RELEASES_DIR),
    retention: e.RELEASE_RETENTION,
    graceMs: e.RELEASE_GRACE_HOURS * 3_600_000,
    databaseUrl: e.DATABASE_URL,
    shellDist: e.SHELL_DIST,
    remoteDefaults,
    repoRoot,
  };
}
export type ReleaseSettings = ReturnType<typeof loadReleaseSettings>;
