// How an import job fetches a URL source: only public addresses (sourceAddresses.ts) unless the
// origin is in IMPORT_ALLOWED_ORIGINS, judged on the address the connection really goes to, and
// redirects followed by hand so that every hop is judged the same way.
import type dns from 'node:dns';
import { Agent, fetch as undiciFetch } from 'undici';
import { publicOnlyLookup, RefusedSource, SourcePolicy } from './sourceAddresses.ts';

export interface SourceFetchOptions {
  /** IMPORT_ALLOWED_ORIGINS: read whatever their addresses. */
  allowedOrigins: readonly string[];
  /** Resolves host names: DNS by default; tests stand in for it. */
  lookup?: typeof dns.lookup;
  /** Redirects followed from one address before giving up. */
  maxRedirects?: number;
}

export interface SourceFetch {
  fetch: typeof fetch;
  /** Closes the connections kept open. */
  close(): Promise<void>;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The RefusedSource a failed fetch carries somewhere in its causes (a connection's lookup refused it). */
function refusalIn(error: unknown): RefusedSource | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) if (cause instanceof RefusedSource) return cause;
  return undefined;
}

export function createSourceFetch(options: SourceFetchOptions): SourceFetch {
  const policy = new SourcePolicy(options.allowedOrigins);
  const publicOnly = new Agent({ connect: { lookup: publicOnlyLookup(options.lookup) } });
  const allowed = new Agent(options.lookup ? { connect: { lookup: options.lookup } } : {});
  const maxRedirects = options.maxRedirects ?? 5;

  const fetchSource = async (input: URL | RequestInfo, init: RequestInit = {}): Promise<Response> => {
    const first = new URL(String(input));
    let url = first;
    for (let hop = 0; ; hop++) {
      const where = hop === 0 ? url.href : `${first.href} redirects to ${url.href}, which is not read`;
      let response: Response;
      try {
        policy.checkLiteral(url);
        const dispatcher = policy.isAllowed(url) ? allowed : publicOnly;
        // undici's fetch is the one Node's is built from; its Response is the same but for its type.
        response = (await undiciFetch(url, { ...(init as object), redirect: 'manual', dispatcher })) as unknown as Response;
      } catch (error) {
        const refused = refusalIn(error);
        throw refused ? new RefusedSource(refused.reason, where) : error;
      }
      const location = response.headers.get('location');
      if (!REDIRECTS.has(response.status) || location === null) return response;
      await response.body?.cancel();
      if (hop >= maxRedirects) throw new Error(`${first.href} redirected more than ${maxRedirects} times`);
      const next = URL.canParse(location, url) ? new URL(location, url) : undefined;
      if (!next || (next.protocol !== 'http:' && next.protocol !== 'https:') || next.username || next.password) {
        throw new Error(`${url.href} redirects to '${location.slice(0, 200)}', which is not an http(s) address an import may read`);
      }
      url = next;
    }
  };

  return {
    fetch: fetchSource as typeof fetch,
    async close() {
      await Promise.all([publicOnly.close(), allowed.close()]);
    },
  };
}
