import { routeManifest } from '../src/app/routeManifest.ts';
import { isKnownRoute, routeOwner } from './knownRoutes.ts';

describe("the gateway reads the shell's route manifest", () => {
  it('answers 200 for a page, 404 otherwise, and names the screen to preload', () => {
    for (const { path } of routeManifest) expect(isKnownRoute(path.replace(':id', '1'))).toBe(true);
    expect(isKnownRoute('/no-such-page')).toBe(false);
    expect(routeOwner('/search')).toEqual({ remote: 'catalog', exposed: 'SearchPage' });
    expect(routeOwner('/contact')).toBeUndefined();
    expect(routeOwner('/missing')).toBeUndefined();
  });
});
