/**
 * Module Federation shares `shared-events` as a singleton, but a misconfigured remote (a relative
 * import, a missing `shared` entry, a jest mock) can still load a second copy of this module. Two
 * copies would mean two buses and two carts that silently stop hearing each other. Every stateful
 * instance is therefore parked on `globalThis` and a second copy adopts what the first one created.
 *
 * The key names a generation of these instances, not the package's version: copies of the same
 * generation can share; a copy of another must not adopt objects whose shape it does not know. v2
 * since 0.2.0 removed the stores' observables; 1.0.0 changed nothing here and kept it, so a copy
 * built for 0.2 and a 1.x copy share one cart.
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
