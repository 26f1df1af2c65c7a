/**
 * Module Federation shares `shared-events` as a singleton, but a misconfigured remote (a relative
 * import, a missing `shared` entry, a jest mock) can still load a second copy of this module. Two
 * copies would mean two buses and two carts that silently stop hearing each other. Every stateful
 * instance is therefore parked on `globalThis` and a second copy adopts what the first one created.
 *
 * The key carries the contract's major version: copies of the same major speak the same events and
 * can share; a copy of another major must not adopt objects whose contract it does not know.
 */
export const REGISTRY_KEY: unique symbol = Symbol.for('shared-events.registry.v2');

type Registry = Map<string, unknown>;
type RegistryHost = { [REGISTRY_KEY]?: Registry };

export function singleton<T>(name: string, create: () => T): T {
  const host = globalThis as RegistryHost;
  const registry = (host[REGISTRY_KEY] ??= new Map());
  if (!registry.has(name)) registry.set(name, create());
  return registry.get(name) as T;
}
