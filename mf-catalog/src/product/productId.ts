import { PALETTE, type Swatch } from 'catalog-api/vocabulary';

/** Largest id the catalogue accepts (a 32-bit integer). */
export const MAX_PRODUCT_ID = 2_147_483_647;

/** The id of /shop/{id}: a positive integer written plainly ("12"), or null for anything else. */
export function parseProductId(raw: string | undefined): number | null {
  if (raw === undefined || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_PRODUCT_ID ? id : null;
}

/** Five colour swatches: the product's own colour first, then the palette. */
export function swatchesFor(color: string | null | undefined, count = 5): Swatch[] {
  const own = PALETTE.find((swatch) => swatch.name === color);
  const rest = PALETTE.filter((swatch) => swatch !== own);
  return (own ? [own, ...rest] : [...rest]).slice(0, count);
}

/** Sizes M, L, XL, XXL with S the default. */
export const SIZES = ['S', 'M', 'L', 'XL', 'XXL'] as const;
export const DEFAULT_SIZE = 'S';
