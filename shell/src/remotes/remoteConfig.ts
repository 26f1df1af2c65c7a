// zod/mini: a fraction of full zod's size, and no runtime code generation (the CSP forbids eval).
import { z } from 'zod/mini';
import { remoteNames, type RemoteName } from '../../remotes.ts';

export { remoteNames, type RemoteName };

const remoteConfigSchema = z.object({
  remotes: z.record(z.string(), z.string().check(z.minLength(1))),
});

export type RemoteConfig = Record<RemoteName, string>;

/** Parses /remotes.json; a remote missing from it simply never loads (its slots show a fallback). */
export function parseRemoteConfig(json: unknown): Partial<RemoteConfig> {
  const parsed = remoteConfigSchema.safeParse(json);
  if (!parsed.success) throw new Error(`remotes.json is malformed: ${parsed.error.issues[0]?.message ?? 'unknown'}`);
  // Names this shell does not know (a remote added later) are ignored, not an error.
  const known: Partial<RemoteConfig> = {};
  for (const name of remoteNames) {
    const entry = parsed.data.remotes[name];
    if (entry) known[name] = entry;
  }
  return known;
}

/**
 * Where the remotes live: from the page itself when the gateway inlined it (saving a round trip on
 * first load), otherwise from /remotes.json.
 */
export async function fetchRemoteConfig(url = '/remotes.json'): Promise<Partial<RemoteConfig>> {
  const inline = typeof document === 'undefined' ? null : document.getElementById('remote-config');
  if (inline?.textContent) {
    try {
      return parseRemoteConfig(JSON.parse(inline.textContent));
    } catch {
      // A damaged inline copy falls back to asking the gateway.
    }
  }
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return parseRemoteConfig(await response.json());
}
