/**
 * Where to go after logging in: where the shopper came from (router state `from`, as a path or a
 * location object, or a ?next= parameter), else /my-account. Only paths of this shop are followed
 * ("/..." but never "//host" or "/\host"), and never back to /login or /sign-up.
 */
export const DEFAULT_AFTER_LOGIN = '/my-account';

const AUTH_PATHS = new Set(['/login', '/sign-up']);

export function safeRedirectPath(candidate: unknown): string | null {
  if (typeof candidate !== 'string' || candidate.length > 2000) return null;
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(candidate)) return null;
  let url: URL;
  try {
    url = new URL(candidate, 'http://shop.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://shop.invalid') return null;
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (AUTH_PATHS.has(path)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

function fromState(state: unknown): unknown {
  if (!state || typeof state !== 'object') return undefined;
  const from = (state as { from?: unknown }).from;
  if (from && typeof from === 'object') {
    const { pathname, search, hash } = from as { pathname?: unknown; search?: unknown; hash?: unknown };
    if (typeof pathname !== 'string') return undefined;
    return `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
  }
  return from;
}

export function afterLoginPath(state: unknown, search: string): string {
  return safeRedirectPath(fromState(state)) ?? safeRedirectPath(new URLSearchParams(search).get('next')) ?? DEFAULT_AFTER_LOGIN;
}
