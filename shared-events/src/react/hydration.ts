import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False in a server render and while the browser hydrates it, true from then on. A control that
 * needs script (a select that changes the listing, Add to Cart) is disabled until it works, so a
 * tap on a server-rendered page before its script has run is not silently lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
