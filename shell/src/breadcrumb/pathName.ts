/**
 * The breadcrumb's trail for a path: Home, then each segment with dashes shown as spaces
 * ("/cart-list" -> "cart list"), or the name `nameOf` gives that level's address (the back office's
 * screens have names). Empty on the home page, which has no breadcrumb.
 */
export function breadcrumbTrail(pathname: string, nameOf: (to: string) => string | undefined = () => undefined): { name: string; to: string }[] {
  const segments = pathname.split('/').filter(Boolean);
  return segments.map((segment, index) => {
    const to = `/${segments.slice(0, index + 1).join('/')}`;
    return { name: nameOf(to) ?? safeDecode(segment).replace(/-/g, ' '), to };
  });
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
