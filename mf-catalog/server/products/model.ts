// The catalogue's vocabulary: what a product is, and the fixed lists the shop page is built on (the
// colours, the price ranges and a category's shape are the API contract's, catalog-api/vocabulary).
import { CATEGORY_SLUG, PRODUCT_LIMITS, type ColorName } from 'catalog-api/vocabulary';

export { CATEGORY_SLUG, COLOR_NAMES, PALETTE as COLORS, PRICE_RANGES, colorHex, isColorName, type ColorName } from 'catalog-api/vocabulary';

export const MAX_CATEGORY_SLUG = PRODUCT_LIMITS.category;

export function isCategorySlug(value: string): boolean {
  return value.length <= MAX_CATEGORY_SLUG && CATEGORY_SLUG.test(value);
}

/** The slug a source's category name stands for: "Home Decoration" and "home_decoration" are `home-decoration`. */
export function categorySlugOf(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A category's display name, as DummyJSON derives it: each word of the slug capitalised. */
export function categoryName(slug: string): string {
  return slug
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

// Sort keys of the public API mapped to storage columns. The shop's 'Sort by' options are
// Featured = id asc, Best Seller = rating desc, New Arrival = createdAt desc, Final Offer = discountPercentage desc.
export const SORT_KEYS = ['id', 'title', 'price', 'rating', 'createdAt', 'discountPercentage'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortOrder = 'asc' | 'desc';

/** A product as stored: money in integer cents, image paths relative to the public image base. */
export interface ProductRecord {
  id: number;
  title: string;
  description: string;
  category: string;
  brand: string | null;
  color: ColorName | null;
  priceCents: number;
  discountPercentage: number;
  rating: number;
  stock: number;
  sku: string;
  tags: string[];
  thumbnail: string;
  images: string[];
  createdAt: string;
  updatedAt: string;
}

/** The public product shape, DummyJSON's fields plus our extensions, in DummyJSON's order. */
export const PRODUCT_FIELDS = [
  'id',
  'title',
  'description',
  'category',
  'price',
  'discountPercentage',
  'rating',
  'stock',
  'tags',
  'brand',
  'sku',
  'color',
  'availabilityStatus',
  'meta',
  'images',
  'thumbnail',
] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];

/**
 * What a product card shows (the shop's lists, search pages and suggestions), read without the rest
 * of the product: a page of 24 cards at a million products is mostly not in the product cache, and its
 * tags, images and dates were read and parsed for nothing.
 */
export type ProductCard = Pick<
  ProductRecord,
  'id' | 'title' | 'description' | 'category' | 'brand' | 'color' | 'priceCents' | 'discountPercentage' | 'rating' | 'stock' | 'thumbnail'
>;

/** The fields of the public shape a ProductCard answers. */
export const CARD_READ_FIELDS = [
  'id',
  'title',
  'description',
  'category',
  'price',
  'discountPercentage',
  'rating',
  'stock',
  'brand',
  'color',
  'availabilityStatus',
  'thumbnail',
] as const satisfies readonly ProductField[];
export type CardReadField = (typeof CARD_READ_FIELDS)[number];

export interface ProductFilter {
  q?: string;
  category?: string;
  brand?: string;
  color?: ColorName;
  minPriceCents?: number;
  maxPriceCents?: number;
}

/** Identifies a filter for caching; text search ignores case, so its key does too. */
export function filterKey(f: ProductFilter): string {
  return JSON.stringify([f.q?.toLowerCase(), f.category, f.brand, f.color, f.minPriceCents, f.maxPriceCents]);
}

/** Identifies one page of a listing for caching: its filter, order and window. */
export function pageKey(q: ListQuery): string {
  return `${filterKey(q)}|${q.sortBy}|${q.order}|${q.skip}|${q.limit}`;
}

export interface ListQuery extends ProductFilter {
  /** Rows to return; the route turns `limit=0` (all) into the configured maximum. */
  limit: number;
  skip: number;
  sortBy: SortKey;
  order: SortOrder;
}

export interface Facets {
  categories: { slug: string; name: string; count: number }[];
  brands: { name: string; count: number }[];
  colors: { name: ColorName; hex: string; count: number }[];
  priceRanges: { min: number; max: number; label: string; count: number }[];
}
