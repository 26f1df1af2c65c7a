import { createElement, lazy, type ComponentType, type ReactElement } from 'react';

/** A part of a screen whose code comes in a chunk of its own. */
export interface Preloadable<P extends object> {
  (props: P): ReactElement;
  /** Fetches the part's code ahead of its first use; never rejects. */
  preload(): Promise<void>;
}

/**
 * React.lazy, except that a part whose code has arrived (preloaded, or shown once) renders at once:
 * a tab opened after its code was preloaded switches without a Suspense fallback or a held-back
 * transition. A load that failed is tried again on the next use.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const fetchCode = () => {
    pending ??= load().then((component) => (loaded = component));
    pending.catch(() => (pending = undefined));
    return pending;
  };
  const Lazy = lazy(() => fetchCode().then((component) => ({ default: component })));
  const Part = (props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props);
  return Object.assign(Part, {
    preload: () =>
      fetchCode().then(
        () => undefined,
        () => undefined,
      ),
  });
}
