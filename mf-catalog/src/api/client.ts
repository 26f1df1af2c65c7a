import { pageAnswer, type PageAnswer } from 'shared-events';
import { safeParse, type GenericSchema, type InferOutput } from 'valibot';
import {
  categoriesSchema,
  productListSchema,
  productSchema,
  suggestionListSchema,
  type Category,
  type Product,
  type ProductList,
  type SuggestionList,
} from './schemas.ts';

/** Where the gateway mounts the catalogue service (architecture.md). */
export const CATALOG_API_BASE = '/api/catalog';

/** Longest search text the catalogue accepts; longer text is cut rather than refused. */
export const MAX_QUERY_LENGTH = 100;

export function queryText(text: string): string {
  return text.trim().slice(0, MAX_QUERY_LENGTH).trim();
}

/** Fields a product card shows (and the cart needs when a card adds to it). */
export const CARD_FIELDS = ['id', 'title', 'description', 'price', 'discountPercentage', 'rating', 'stock', 'brand', 'category', 'color', 'thumbnail'] as const;

/** How many suggestions the header search shows. */
export const SUGGESTION_LIMIT = 8;
/**
 * The suggestions carry whole cards, not just what the list shows: pressing Enter hands them to
 * /search, which shows them at once as result cards, and a card must not guess stock or rating.
 */
export const SUGGESTION_FIELDS = CARD_FIELDS;

export type SortKey = 'id' | 'title' | 'price' | 'rating' | 'createdAt' | 'discountPercentage';
export type SortOrder = 'asc' | 'desc';

export interface ListParams {
  /**
   * Search text; uses /products/search when set, with the shop's word matching (`match=words`: every
   * word on its own across title, brand, category and colour, plurals, typos, then titles containing
   * the text as typed) rather than DummyJSON's substring of title or description, which the endpoint
   * keeps for API clients.
   */
  readonly q?: string;
  /** Take the words as typed: no typo correction (the shopper chose "Search instead for"). */
  readonly typos?: 'off';
  readonly category?: string;
  readonly brand?: string;
  readonly color?: string;
  /** Dollars, inclusive. */
  readonly minPrice?: number;
  readonly maxPrice?: number;
  readonly sortBy?: SortKey;
  readonly order?: SortOrder;
  readonly limit: number;
  readonly skip?: number;
  readonly select?: readonly string[];
  readonly facets?: boolean;
}

export type CatalogErrorKind = 'not-found' | 'http' | 'network' | 'invalid';

/** Every failure of a catalogue call, with a kind the UI can word (aborts are not CatalogErrors). */
export class CatalogError extends Error {
  override name = 'CatalogError';
  readonly kind: CatalogErrorKind;
  readonly status: number | undefined;

  constructor(kind: CatalogErrorKind, message: string, status?: number) {
    super(message);
    this.kind = kind;
    this.status = status;
  }
}

/** True for the rejection of a request cancelled through its AbortSignal. */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** The URL of a listing request; parameters left out are not sent, in a fixed order (cache friendly). */
export function listUrl(params: ListParams, base = CATALOG_API_BASE): string {
  const query = new URLSearchParams();
  const q = params.q === undefined ? '' : queryText(params.q);
  if (q) {
    query.set('q', q);
    query.set('match', 'words');
    if (params.typos === 'off') query.set('typos', 'off');
  }
  if (params.category) query.set('category', params.category);
  if (params.brand) query.set('brand', params.brand);
  if (params.color) query.set('color', params.color);
  if (params.minPrice !== undefined) query.set('minPrice', String(params.minPrice));
  if (params.maxPrice !== undefined) query.set('maxPrice', String(params.maxPrice));
  if (params.sortBy) query.set('sortBy', params.sortBy);
  if (params.sortBy && params.order) query.set('order', params.order);
  query.set('limit', String(params.limit));
  if (params.skip) query.set('skip', String(params.skip));
  if (params.select?.length) query.set('select', params.select.join(','));
  if (params.facets) query.set('facets', '1');
  return `${base}/products${q ? '/search' : ''}?${query.toString()}`;
}

/** Suggestions follow the shopper's typing: the last word may be a word still being typed (`prefix=on`). */
export function suggestionUrl(text: string, base = CATALOG_API_BASE): string {
  const query = new URLSearchParams({ q: queryText(text), match: 'words', prefix: 'on', limit: String(SUGGESTION_LIMIT), select: SUGGESTION_FIELDS.join(',') });
  return `${base}/products/search?${query.toString()}`;
}

export function productUrl(id: number, base = CATALOG_API_BASE): string {
  return `${base}/products/${id}`;
}

/** An answer known without asking (the page carries it): the data, or why there is none. */
export type Peeked<T> = { readonly ok: true; readonly data: T } | { readonly ok: false; readonly error: CatalogError };

export interface CatalogClient {
  listProducts(params: ListParams, signal?: AbortSignal): Promise<ProductList>;
  suggest(text: string, signal?: AbortSignal): Promise<SuggestionList>;
  getProduct(id: number, signal?: AbortSignal): Promise<Product>;
  getCategories(signal?: AbortSignal): Promise<Category[]>;
  /** What the page carries for these requests (a server render asks the server to fetch it). */
  peekList(params: ListParams): Peeked<ProductList> | undefined;
  peekProduct(id: number): Peeked<Product> | undefined;
  peekCategories(): Peeked<Category[]> | undefined;
}

export interface CatalogClientOptions {
  readonly base?: string;
  readonly fetch?: typeof globalThis.fetch;
}

export function createCatalogClient({ base = CATALOG_API_BASE, fetch: fetchImpl }: CatalogClientOptions = {}): CatalogClient {
  function read<S extends GenericSchema>(url: string, { status, body }: { status: number; body?: unknown }, schema: S): InferOutput<S> {
    if (status === 404) throw new CatalogError('not-found', `Not found: ${url}`, 404);
    if (status < 200 || status > 299) throw new CatalogError('http', `The catalogue answered ${status} for ${url}`, status);
    const parsed = safeParse(schema, body);
    if (!parsed.success) throw new CatalogError('invalid', `The catalogue sent an unexpected answer for ${url}`);
    return parsed.output;
  }

  async function get<S extends GenericSchema>(url: string, schema: S, signal: AbortSignal | undefined): Promise<InferOutput<S>> {
    return read(url, await fetchAnswer(url, signal), schema);
  }

  function peek<S extends GenericSchema>(url: string, schema: S): Peeked<InferOutput<S>> | undefined {
    const answer: PageAnswer | undefined = pageAnswer(url);
    if (!answer) return undefined;
    try {
      return { ok: true, data: read(url, answer, schema) };
    } catch (error) {
      return { ok: false, error: error as CatalogError };
    }
  }

  async function fetchAnswer(url: string, signal: AbortSignal | undefined): Promise<{ status: number; body?: unknown }> {
    const doFetch = fetchImpl ?? globalThis.fetch;
    let response: Response;
    try {
      response = await doFetch(url, { signal, headers: { accept: 'application/json' } });
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new CatalogError('network', `The catalogue could not be reached (${String(error)})`);
    }
    if (!response.ok) return { status: response.status };
    try {
      return { status: response.status, body: await response.json() };
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new CatalogError('invalid', `The catalogue sent a body that is not JSON for ${url}`);
    }
  }

  return {
    listProducts: (params, signal) => get(listUrl(params, base), productListSchema, signal),
    suggest: (text, signal) => get(suggestionUrl(text, base), suggestionListSchema, signal),
    getProduct: (id, signal) => get(productUrl(id, base), productSchema, signal),
    getCategories: (signal) => get(`${base}/products/categories`, categoriesSchema, signal),
    peekList: (params) => peek(listUrl(params, base), productListSchema),
    peekProduct: (id) => peek(productUrl(id, base), productSchema),
    peekCategories: () => peek(`${base}/products/categories`, categoriesSchema),
  };
}

/** The client the screens use. */
export const catalog = createCatalogClient();
