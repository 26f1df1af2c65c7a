import { matchRoute, type RemoteScreen } from '../src/app/routeManifest.ts';

// The shell's route manifest decides, on the server as in the browser, which addresses are pages:
// anything else is served the app with a 404 status, so search engines and monitors see the
// not-found page for what it is.

export function isKnownRoute(pathname: string): boolean {
  return matchRoute(pathname) !== undefined;
}

/** The remote screen a page address shows, if a remote renders it. */
export function routeOwner(pathname: string): RemoteScreen | undefined {
  const entry = matchRoute(pathname);
  return entry && 'owner' in entry ? entry.owner : undefined;
}
