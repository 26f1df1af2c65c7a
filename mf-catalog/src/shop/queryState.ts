// The listing's state lives in the URL query (?category=&brand=&color=&price=&sort=&page=&perPage=&view=),
// so a listing survives reload, back/forward and sharing. These pure helpers translate between the
// query string, the screen's state and the catalogue request.
import { isColorName, PRICE_RANGES as RANGES_IN_CENTS, priceRangeLabel } from 'catalog-api/vocabulary';
import { CARD_FIELDS, type ListParams, type SortKey, type SortOrder } from '../api/client.ts';
import { clampPage, offsetOf, pageCount } from './pagination.ts';

/** The listing starts at 6 per page, as specified, although the per-page options are 12..36. */
export const PER_PAGE_OPTIONS = [6, 12, 18, 24, 30, 36] as const;
export const DEFAULT_PER_PAGE = 6;

export const SORT_OPTIONS = ['featured', 'best-seller', 'new-arrival', 'final-offer'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

/** Each 'Sort by' option's server order: Featured = catalogue order, then best rated, newest, biggest discount. */
export const SORT_ORDER: Readonly<Record<SortOption, { sortBy: SortKey; order: SortOrder }>> = {
  featured: { sortBy: 'id', order: 'asc' },
  'best-seller': { sortBy: 'rating', order: 'desc' },
  'new-arrival': { sortBy: 'createdAt', order: 'desc' },
  'final-offer': { sortBy: 'discountPercentage', order: 'desc' },
};

/** The spec's five 'Shop by Price' ranges, inclusive, in the API's dollars; `id` (0-9.99) is the address's ?price=. */
export const PRICE_RANGES = RANGES_IN_CENTS.map((range) => {
  const [min, max] = [range.minCents / 100, range.maxCents / 100];
  return { id: `${min}-${max}`, min, max, label: priceRangeLabel(range) };
});
export type PriceRange = (typeof PRICE_RANGES)[number];
export type PriceRangeId = PriceRange['id'];

export const VIEW_MODES = ['grid', 'list'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

export interface ShopQuery {
  /** A category slug; null is 'all'. */
  readonly category: string | null;
  /** A brand name; null is 'all'. */
  readonly brand: string | null;
  readonly color: string | null;
  readonly price: PriceRangeId | null;
  readonly sort: SortOption;
  readonly page: number;
  readonly perPage: number;
  readonly view: ViewMode;
}

export const DEFAULT_QUERY: ShopQuery = {
  category: null,
  brand: null,
  color: null,
  price: null,
  sort: 'featured',
  page: 1,
  perPage: DEFAULT_PER_PAGE,
  view: 'grid',
};

const SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;
const MAX_BRAND_LENGTH = 100;
const MAX_PAGE = 1_000_000;

function oneOf<T extends string>(options: readonly T[], value: string | null): T | null {
  return options.find((option) => option === value) ?? null;
}

/** 'all' and empty values clear a filter; anything malformed is ignored rather than sent on. */
function filterValue(raw: string | null, valid: (value: string) => boolean): string | null {
  const value = raw?.trim() ?? '';
  if (value === '' || value.toLowerCase() === 'all') return null;
  return valid(value) ? value : null;
}

function positiveInt(raw: string | null): number | null {
  if (raw === null || !/^\d{1,7}$/.test(raw.trim())) return null;
  const value = Number(raw.trim());
  return value >= 1 && value <= MAX_PAGE ? value : null;
}

/** Reads the listing state from a query string; every missing or invalid value takes its default. */
export function parseShopQuery(search: string | URLSearchParams): ShopQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const perPage = positiveInt(params.get('perPage'));
  return {
    category: filterValue(params.get('category'), (v) => SLUG.test(v.toLowerCase()))?.toLowerCase() ?? null,
    brand: filterValue(params.get('brand'), (v) => v.length <= MAX_BRAND_LENGTH),
    color: filterValue(params.get('color'), (v) => isColorName(v.toLowerCase()))?.toLowerCase() ?? null,
    price: oneOf(
      PRICE_RANGES.map((r) => r.id),
      params.get('price'),
    ),
    sort: oneOf(SORT_OPTIONS, params.get('sort')) ?? DEFAULT_QUERY.sort,
    page: positiveInt(params.get('page')) ?? 1,
    perPage: perPage !== null && (PER_PAGE_OPTIONS as readonly number[]).includes(perPage) ? perPage : DEFAULT_PER_PAGE,
    view: oneOf(VIEW_MODES, params.get('view')) ?? DEFAULT_QUERY.view,
  };
}

/** The query string for a state (no '?'); defaults are left out, keys in a fixed order. */
export function serializeShopQuery(query: ShopQuery): string {
  const params = new URLSearchParams();
  if (query.category) params.set('category', query.category);
  if (query.brand) params.set('brand', query.brand);
  if (query.color) params.set('color', query.color);
  if (query.price) params.set('price', query.price);
  if (query.sort !== DEFAULT_QUERY.sort) params.set('sort', query.sort);
  if (query.page !== 1) params.set('page', String(query.page));
  if (query.perPage !== DEFAULT_PER_PAGE) params.set('perPage', String(query.perPage));
  if (query.view !== DEFAULT_QUERY.view) params.set('view', query.view);
  return params.toString();
}

export type FilterPatch = Partial<Pick<ShopQuery, 'category' | 'brand' | 'color' | 'price'>>;

/** A new filter set is a new list: back to its first page. */
export function withFilters(query: ShopQuery, patch: FilterPatch): ShopQuery {
  return { ...query, ...patch, page: 1 };
}

/** Clears every filter (category, brand, colour, price), keeping sort, per-page and view. */
export function withoutFilters(query: ShopQuery): ShopQuery {
  return { ...query, category: null, brand: null, color: null, price: null, page: 1 };
}

export function withSort(query: ShopQuery, sort: SortOption): ShopQuery {
  return { ...query, sort, page: 1 };
}

/**
 * Changing per-page does not reset the page: we keep it, pulled back into range.
 * With the total not known yet (null) the page is kept as it is; the listing corrects it on arrival.
 */
export function withPerPage(query: ShopQuery, perPage: number, total: number | null): ShopQuery {
  return { ...query, perPage, page: total === null ? query.page : clampPage(query.page, pageCount(total, perPage)) };
}

export function withPage(query: ShopQuery, page: number, total: number): ShopQuery {
  return { ...query, page: clampPage(page, pageCount(total, query.perPage)) };
}

export function withView(query: ShopQuery, view: ViewMode): ShopQuery {
  return { ...query, view };
}

export function priceRange(id: PriceRangeId | null): PriceRange | null {
  return PRICE_RANGES.find((range) => range.id === id) ?? null;
}

/** The catalogue request for a listing state: filtering, sorting and paging all happen on the server. */
export function toListParams(query: ShopQuery): ListParams {
  const range = priceRange(query.price);
  return {
    ...(query.category ? { category: query.category } : {}),
    ...(query.brand ? { brand: query.brand } : {}),
    ...(query.color ? { color: query.color } : {}),
    ...(range ? { minPrice: range.min, maxPrice: range.max } : {}),
    ...SORT_ORDER[query.sort],
    limit: query.perPage,
    skip: offsetOf(query.page, query.perPage),
    select: CARD_FIELDS,
    facets: true,
  };
}

/** True when any filter narrows the list. */
export function hasFilters(query: ShopQuery): boolean {
  return Boolean(query.category || query.brand || query.color || query.price);
}
