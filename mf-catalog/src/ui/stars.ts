export type StarKind = 'full' | 'half' | 'empty';

export const STAR_SCALE = 5;

/**
 * The stars for a rating out of 5: the rating is clamped to
 * 0..5 and rounded to the nearest half star.
 */
export function starKinds(rating: number, scale = STAR_SCALE): StarKind[] {
  const value = Number.isFinite(rating) ? Math.min(Math.max(rating, 0), scale) : 0;
  const halves = Math.round(value * 2);
  const full = Math.floor(halves / 2);
  const half = halves % 2;
  return Array.from({ length: scale }, (_, i): StarKind => (i < full ? 'full' : i < full + half ? 'half' : 'empty'));
}

/** The rating as spoken, one decimal at most ("4.5", "4"). */
export function ratingText(rating: number): string {
  const value = Number.isFinite(rating) ? Math.min(Math.max(rating, 0), STAR_SCALE) : 0;
  return String(Math.round(value * 10) / 10);
}
