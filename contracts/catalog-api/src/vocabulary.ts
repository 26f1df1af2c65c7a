/**
 * The catalogue's fixed lists and limits that the service and every caller name: colours, the shop's
 * price ranges, what a product's fields may hold. Plain data, no zod: the shop's pages import it on
 * their first load.
 */

/** The colours a product may have: the names the `color` filter accepts, with the hex values swatches are drawn in. */
export const PALETTE = [
  { name: 'black', hex: '#2b2d33' },
  { name: 'white', hex: '#f1efe9' },
  { name: 'grey', hex: '#8d939c' },
  { name: 'red', hex: '#c8463d' },
  { name: 'blue', hex: '#3a6fb0' },
  { name: 'green', hex: '#4a8b5c' },
  { name: 'yellow', hex: '#e2b53e' },
  { name: 'brown', hex: '#8b5e3c' },
  { name: 'beige', hex: '#d9c4a3' },
  { name: 'pink', hex: '#e193ad' },
] as const;

export type ColorName = (typeof PALETTE)[number]['name'];
export const COLOR_NAMES = PALETTE.map((color) => color.name) as [ColorName, ...ColorName[]];
export type Swatch = { readonly name: string; readonly hex: string };

export const isColorName = (value: string): value is ColorName => (COLOR_NAMES as readonly string[]).includes(value);

/** A colour's hex value; grey for a name the palette does not have. */
export const colorHex = (name: string): string => PALETTE.find((color) => color.name === name)?.hex ?? '#8d939c';

/**
 * The spec's five 'Shop by Price' ranges, inclusive, in cents. The API's minPrice and maxPrice are
 * dollars: a range is asked for as minCents / 100 to maxCents / 100.
 */
export const PRICE_RANGES = [
  { minCents: 0, maxCents: 999 },
  { minCents: 1000, maxCents: 1999 },
  { minCents: 2000, maxCents: 2999 },
  { minCents: 3000, maxCents: 3999 },
  { minCents: 4000, maxCents: 6999 },
] as const;

/** A range as the shop names it: $0.00-$9.99. */
export const priceRangeLabel = (range: { minCents: number; maxCents: number }): string =>
  `$${(range.minCents / 100).toFixed(2)}-$${(range.maxCents / 100).toFixed(2)}`;

/**
 * A category is data: any slug a product carries (DummyJSON's own are `home-decoration`,
 * `mens-shirts`, ...). Lower-case words joined by single hyphens keeps URLs and filters unambiguous.
 */
export const CATEGORY_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The most each field of a product may hold (texts in characters, after trimming). */
export const PRODUCT_LIMITS = {
  title: 200,
  description: 5000,
  category: 60,
  brand: 100,
  sku: 100,
  tag: 100,
  tags: 50,
  images: 50,
  imageUrl: 2000,
  /** Dollars. */
  price: 10_000_000,
  discountPercentage: 100,
  rating: 5,
  stock: 1_000_000_000,
} as const;

export const AVAILABILITY = ['In Stock', 'Low Stock', 'Out of Stock'] as const;

export const IMPORT_STATES = ['running', 'done', 'failed'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];
