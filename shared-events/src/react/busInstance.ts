import { useSyncExternalStore } from 'react';
import { bus } from 'shared-events';

const never = () => () => {};

/**
 * The page's bus instance id, for `data-bus-id` (tests check every remote shares the shell's bus).
 * A server render has no page bus, so it leaves the attribute out; the browser adds it once hydrated.
 */
export function useBusInstanceId(): string | undefined {
  return useSyncExternalStore(never, () => bus.instanceId, () => undefined);
}
