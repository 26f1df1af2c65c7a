// Carousel maths shared by the hero and the New Arrivals row.

/** Hero: 1000 ms slide speed, 2500 ms between slides, three slides. */
export const HERO_SPEED_MS = 1000;
export const HERO_INTERVAL_MS = 2500;

export interface CarouselLayout {
  /** Cards visible at once. */
  readonly show: number;
  /** Cards moved by one press of previous/next. */
  readonly scroll: number;
  /** First card shown (0-based) when this layout starts. */
  readonly start: number;
}

/**
 * New Arrivals: 4 shown and 1 scrolled; at 1025px and below 3; at 767px and below (and 600px and
 * below) 2 shown, 2 scrolled, starting at slide 2; at 480px and below 1.
 */
export const NEW_ARRIVALS_BREAKPOINTS: readonly { readonly maxWidth: number; readonly layout: CarouselLayout }[] = [
  { maxWidth: 480, layout: { show: 1, scroll: 1, start: 0 } },
  { maxWidth: 600, layout: { show: 2, scroll: 2, start: 1 } },
  { maxWidth: 767, layout: { show: 2, scroll: 2, start: 1 } },
  { maxWidth: 1025, layout: { show: 3, scroll: 1, start: 0 } },
];
export const NEW_ARRIVALS_DEFAULT: CarouselLayout = { show: 4, scroll: 1, start: 0 };

export function layoutForWidth(width: number): CarouselLayout {
  return NEW_ARRIVALS_BREAKPOINTS.find((bp) => width <= bp.maxWidth)?.layout ?? NEW_ARRIVALS_DEFAULT;
}

/** Index modulo count, always in 0..count-1 (infinite carousels). */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

/** The items visible from `start`, wrapping round the end (never more than there are). */
export function visibleIndexes(start: number, show: number, count: number): number[] {
  const n = Math.min(show, count);
  return Array.from({ length: n }, (_, i) => wrapIndex(start + i, count));
}
