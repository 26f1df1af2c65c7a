import { Suspense, use, useId, type ReactNode } from 'react';

/** How far below the viewport a part starts hydrating, so it is live before it scrolls in. */
const NEAR_VIEWPORT = '300px';
/** Hydrate on idle at the latest this long after the page asked (a busy page has no idle time). */
const IDLE_CAP_MS = 4000;
const INPUT_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

type Gate = Promise<void> & { status?: 'fulfilled'; value?: undefined };

const gates = new Map<string, Gate>();

/**
 * The gate for one part of a page the server rendered: it opens when the part nears the viewport,
 * when the browser is idle, or at the shopper's first input anywhere on the page. It is marked
 * fulfilled as it opens (the fields React's `use` reads), so an update that input causes finds the
 * part ready to hydrate then and there instead of throwing its server markup away.
 */
function gateFor(id: string): Gate | null {
  // An open gate stays in the map: the part renders straight away from then on.
  const known = gates.get(id);
  if (known) return known;
  // Rendered in the browser (a later visit to the screen): there is no server markup to keep.
  const element = typeof document === 'undefined' ? null : document.querySelector(`[data-hydrate-later="${CSS.escape(id)}"]`);
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
  const gate = gateFor(id);
  if (gate && gate.status !== 'fulfilled') use(gate as Promise<void>);
  return children;
}

/**
 * A part of a server-rendered page that hydrates later (below the fold): the browser shows the
 * server's markup at once and React hydrates it when it nears the viewport, on idle or at the first
 * input, whichever comes first, instead of in the page's first hydration. Rendered in the browser,
 * it renders straight away.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  const id = useId();
  return (
    <Suspense fallback={null}>
      <div data-hydrate-later={id}>
        <Gate id={id}>{children}</Gate>
      </div>
    </Suspense>
  );
}
