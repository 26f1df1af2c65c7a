import type { ReactNode } from 'react';

// Inline icons, one module each, so a chunk carries only the icons its screen shows: no requests,
// no font. All decorative (aria-hidden): the control carries the name.
export type IconProps = { size?: number };

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** The 24x24 outline every icon is drawn on. */
export function Icon({ size, children }: { size: number; children: ReactNode }) {
  return (
    <svg aria-hidden="true" focusable="false" width={size} height={size} viewBox="0 0 24 24" {...stroke}>
      {children}
    </svg>
  );
}
