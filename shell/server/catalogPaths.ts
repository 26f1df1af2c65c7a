/**
 * Which catalogue paths a browser may reach through the gateway: the product API, the images and the
 * API's description (openapi.json), nothing else (the stock API is for the checkout service only).
 *
 * The check runs on the path as the catalogue will understand it: the upstream resolves dot segments
 * and percent-escapes, so "/api/catalog/./stock/..." and "/api/catalog/%73tock/..." name the stock
 * API although they do not start with "/api/catalog/stock". A path with an encoded slash, backslash
 * or dot, a dot segment, an empty segment or an escape that does not decode is refused outright:
 * no product or image URL has one.
 */
const PUBLIC = /^\/api\/catalog\/((products|images)(\/|$)|openapi\.json$)/;

export function isPublicCatalogPath(url: string): boolean {
  const raw = url.split('?')[0] ?? '';
  if (/%2f|%5c|%2e|%25|\\|;/i.test(raw)) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return false;
  }
  const segments = decoded.split('/').slice(1);
  if (segments.some((segment, i) => segment === '.' || segment === '..' || (segment === '' && i < segments.length - 1))) return false;
  return PUBLIC.test(decoded);
}
