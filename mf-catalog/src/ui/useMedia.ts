import { useSyncExternalStore } from 'react';

function subscribeTo(query: string) {
  return (onChange: () => void) => {
    if (typeof window === 'undefined' || !window.matchMedia) return () => {};
    const list = window.matchMedia(query);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  };
}

const subscriptions = new Map<string, (onChange: () => void) => () => void>();

/** Whether a media query matches, following changes. */
export function useMediaQuery(query: string): boolean {
  let subscribe = subscriptions.get(query);
  if (!subscribe) {
    subscribe = subscribeTo(query);
    subscriptions.set(query, subscribe);
  }
  return useSyncExternalStore(
    subscribe,
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}

export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}

function subscribeResize(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/**
 * A value derived from the viewport width, recomputed on resize. `pick` must return the same
 * object for the same band (so React sees no change while the band stays).
 */
export function useViewportValue<T>(pick: (width: number) => T, fallback: T): T {
  return useSyncExternalStore(
    subscribeResize,
    () => pick(window.innerWidth),
    () => fallback,
  );
}
