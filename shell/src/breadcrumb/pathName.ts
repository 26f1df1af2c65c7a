/**
 * The breadcrumb's trail for a path: Home, then each segment with dashes shown as spaces
 * ("/cart-list" -> "cart list"). Empty on the home page, which has no breadcrumb.
 */
export function breadcrumbTrail(pathname: string): { name: string; to: string }[] {
  const segments = pathname.split('/').filter(Boolean);
  return segments.map((segment, index) => ({
    name: safeDecode(segment).replace(/-/g, ' '),
    to: `/${segments.slice(0, index + 1).join('/')}`,
  }));
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
