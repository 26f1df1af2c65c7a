// valibot, as the bus: a fraction of zod's size on the first load, and no runtime code generation
// (the CSP forbids eval).
import * as v from 'valibot';
import { remoteNames, type RemoteName } from '../../remotes.ts';

export { remoteNames, type RemoteName };

const remoteConfigSchema = v.object({
  remotes: v.record(v.string(), v.pipe(v.string(), v.minLength(1))),
});

export type RemoteConfig = Record<RemoteName, string>;

/** Parses /remotes.json; a remote missing from it simply never loads (its slots show a fallback). */
export function parseRemoteConfig(json: unknown): Partial<RemoteConfig> {
  const parsed = v.safeParse(remoteConfigSchema, json);
  if (!parsed.success) throw new Error(`remotes.json is malformed: ${parsed.issues[0].message}`);
  // Names this shell does not know (a remote added later) are ignored, not an error.
  const known: Partial<RemoteConfig> = {};
  for (const name of remoteNames) {
    const entry = parsed.output.remotes[name];
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
