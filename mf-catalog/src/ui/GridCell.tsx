import type { ReactNode } from 'react';
import { HydrateLater } from 'shared-events/react';

/**
 * A cell of a product grid. The cells a shopper sees first hydrate with the page; the rest (`later`)
 * are server markup until they near the viewport, the browser is idle or the shopper acts, each
 * behind a Suspense boundary of its own, so the page is live sooner and no task hydrates them all.
 */
export function GridCell({ later, className, children }: { later: boolean; className?: string | undefined; children: ReactNode }) {
  return later ? (
    <HydrateLater as="li" className={className}>
      {children}
    </HydrateLater>
  ) : (
    <li className={className}>{children}</li>
  );
}
