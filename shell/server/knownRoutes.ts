// The client routes of the spec. Anything else is served the app with a 404 status, so search
// engines and monitors see the not-found page for what it is.
const patterns = [
  /^\/$/,
  /^\/shop\/?$/,
  /^\/shop\/[^/]+\/?$/,
  /^\/(search|contact|about|journal|login|sign-up|user|my-account|cart-list|checkout)\/?$/,
];

export function isKnownRoute(pathname: string): boolean {
  return patterns.some((pattern) => pattern.test(pathname));
}
