import { z } from 'zod';

export const remoteNames = ['catalog', 'cart', 'account', 'checkout'] as const;
export type RemoteName = (typeof remoteNames)[number];

const remoteConfigSchema = z.object({
  remotes: z.record(z.enum(remoteNames), z.string().min(1)),
});

export type RemoteConfig = Record<RemoteName, string>;

/** Parses /remotes.json; a remote missing from it simply never loads (its slots show a fallback). */
export function parseRemoteConfig(json: unknown): Partial<RemoteConfig> {
  const parsed = remoteConfigSchema.safeParse(json);
  if (!parsed.success) throw new Error(`remotes.json is malformed: ${parsed.error.issues[0]?.message ?? 'unknown'}`);
  return parsed.data.remotes;
}

export async function fetchRemoteConfig(url = '/remotes.json'): Promise<Partial<RemoteConfig>> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return parseRemoteConfig(await response.json());
}
