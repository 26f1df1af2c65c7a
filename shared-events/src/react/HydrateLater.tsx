import { createElement, Suspense, use, useId, useState, type ReactNode } from 'react';

/** How far below the viewport a part starts hydrating, so it is live before it scrolls in. */
const NEAR_VIEWPORT = '300px';
/** Hydrate on idle at the latest this long after the page asked (a busy page has no idle time). */
const IDLE_CAP_MS = 4000;
const INPUT_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

type Gate = Promise<void> & { status?: 'fulfilled'; value?: undefined };

// One map per copy of this module (each remote bundles shared-events/react): the ids come from
// useId, unique in the page's one React root, so copies never meet.
const gates = new Map<string, Gate>();

/**
 * The gate for one part of a page the server rendered: it opens when the part nears the viewport,
 * when the browser is idle, or at the shopper's first input anywhere on the page. It is marked
 * fulfilled as it opens (the fields React's `use` reads), so an update that input causes finds the
 * part ready to hydrate then and there instead of throwing its server markup away, and React
 * hydrates the part a tap lands on at once, before the tap's own events (the listeners here are on
 * the document, ahead of React's on the root).
 */
function gateFor(id: string): Gate | null {
  // An open gate stays in the map: the part renders straight away from then on.
  const known = gates.get(id);
  if (known) return known;
  // Rendered in the browser (a later visit to the screen): there is no server markup to keep.
  const element = typeof document === 'undefined' ? null : document.querySelector(`[data-hydrate-later="${id.replace(/["\\]/g, '\\$&')}"]`);
  if (!element) return null;
  let resolveGate = () => {};
  const gate: Gate = new Promise<void>((resolve) => (resolveGate = resolve));
  const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && openGate(), { rootMargin: `${NEAR_VIEWPORT} 0px` });
  function openGate() {
    if (gate.status === 'fulfilled') return;
    observer.disconnect();
    for (const type of INPUT_EVENTS) document.removeEventListener(type, openGate, true);
    gate.status = 'fulfilled';
    gate.value = undefined;
    resolveGate();
  }
  observer.observe(element);
  for (const type of INPUT_EVENTS) document.addEventListener(type, openGate, true);
  if ('requestIdleCallback' in window) window.requestIdleCallback(openGate, { timeout: IDLE_CAP_MS });
  else setTimeout(openGate, IDLE_CAP_MS);
  gates.set(id, gate);
  return gate;
}

function Gate({ id, children }: { id: string; children: ReactNode }) {
  // Asked once, as the part first renders: later renders in the browser find the part's own
  // element in the page and must not take it for server markup. (While hydration waits at the
  // gate, nothing is kept: each attempt asks again, and finds the gate in the map.)
  const [gate] = useState(() => gateFor(id));
  if (gate && gate.status !== 'fulfilled') use(gate as Promise<void>);
  return children;
}

type Props = {
  children: ReactNode;
  /** The element that holds the part ('li' for a cell of a list); a div unless said. */
  as?: 'div' | 'li' | 'section';
  className?: string | undefined;
};

/**
 * A part of a server-rendered page that hydrates later (below the fold, the footer): the browser
 * shows the server's markup at once and React hydrates it, behind a Suspense boundary of its own,
 * when it nears the viewport, on idle or at the first input, whichever comes first, instead of in
 * the page's first hydration. Rendered in the browser, it renders straight away.
 */
export function HydrateLater({ children, as = 'div', className }: Props) {
  const id = useId();
  return <Suspense fallback={null}>{createElement(as, { 'data-hydrate-later': id, className }, <Gate id={id}>{children}</Gate>)}</Suspense>;
}
