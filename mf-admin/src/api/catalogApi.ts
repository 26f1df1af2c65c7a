/**
 * The catalogue API (/api/catalog, mf-catalog/server) as the back office calls it: listings and
 * search as any client reads them, and the writes (add, change, import) with the staff member's
 * Firebase ID token, which the catalogue checks as the checkout's staff API does.
 */
import { importJob, importStarted, type ImportJob } from 'catalog-api/imports';
import { product, productList, productSelection, type Product, type ProductInput } from 'catalog-api/products';
import { messageOf, readAnswer } from './parse.ts';
import { StaffApiError, type TokenSource } from './staffApi.ts';

export const CATALOG_API = '/api/catalog';

/** The fields a list row shows; the rest stays on the server. */
const LIST_FIELDS = ['title', 'price', 'stock', 'category', 'brand', 'sku', 'thumbnail'] as const;

/** A list's product: every field asked for is there (but brand, which a product without one leaves out). */
const listed = productSelection.required({ title: true, price: true, stock: true, category: true, sku: true, thumbnail: true });
const listPage = productList.pick({ total: true, skip: true }).extend({ products: listed.array() });

/** A product as a list row shows it: the API's dollars in cents (0.1 + 0.2 must not become 30.000000000000004 cents). */
export type ProductSummary = Pick<Product, 'id' | 'title' | 'category' | 'sku' | 'stock' | 'thumbnail'> & { brand: string | null; priceCents: number };
export type ProductDetail = ProductSummary & Pick<Product, 'description' | 'discountPercentage' | 'rating' | 'tags'> & { color: Product['color'] | null };
export interface ProductPage {
  readonly products: readonly ProductSummary[];
  readonly total: number;
  readonly skip: number;
}

/** A file to import as it goes over the wire, or a URL for the catalogue to read. */
export type ImportRequest = { kind: 'file'; contentType: string; text: string } | { kind: 'url'; url: string };

const inCents = <P extends { price: number; brand?: string | undefined }>({ price, brand, ...rest }: P) => ({
  ...rest,
  brand: brand ?? null,
  priceCents: Math.round(price * 100),
});
const detailOf = ({ color, ...rest }: Product): ProductDetail => ({ ...inCents(rest), color: color ?? null });

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export interface CatalogApi {
  /** A page of products: every product newest first, or those whose title or description contains q. */
  list(query: { q: string; skip: number; limit: number }): Promise<ProductPage>;
  product(id: number): Promise<ProductDetail>;
  create(input: ProductInput): Promise<ProductDetail>;
  update(id: number, change: ProductInput): Promise<ProductDetail>;
  startImport(request: ImportRequest): Promise<{ id: string }>;
  importJob(id: string): Promise<ImportJob>;
}

interface Request {
  method: 'GET' | 'POST' | 'PATCH';
  /** Sends the ID token (every write, and reading an import). */
  signed: boolean;
  contentType?: string;
  body?: string;
}

export function createCatalogApi(deps: { fetch: Fetch; token: TokenSource }): CatalogApi {
  async function send(path: string, request: Request): Promise<unknown> {
    const attempt = async (fresh: boolean) => {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (request.signed) headers.authorization = `Bearer ${await deps.token(fresh)}`;
      if (request.contentType) headers['content-type'] = request.contentType;
      try {
        return await deps.fetch(`${CATALOG_API}${path}`, {
          method: request.method,
          headers,
          credentials: 'omit',
          // A listing read right after a change must show it, not an earlier answer the browser kept.
          cache: 'no-store',
          ...(request.body !== undefined ? { body: request.body } : {}),
        });
      } catch {
        throw new StaffApiError(0, 'the shop could not be reached');
      }
    };
    let response = await attempt(false);
    // A token can expire between the page's check and this call: one fresh token, then the answer stands.
    if (response.status === 401 && request.signed) response = await attempt(true);
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) throw new StaffApiError(response.status, messageOf(body) ?? `the catalogue answered ${response.status}`);
    return body;
  }

  const json = (method: 'POST' | 'PATCH', value: unknown): Request => ({ method, signed: true, contentType: 'application/json', body: JSON.stringify(value) });

  return {
    async list({ q, skip, limit }) {
      const params = new URLSearchParams({ limit: String(limit), skip: String(skip), select: LIST_FIELDS.join(',') });
      if (q) params.set('q', q);
      else {
        // Newest first: a product just added is at the top of the first page.
        params.set('sortBy', 'id');
        params.set('order', 'desc');
      }
      const page = readAnswer(listPage, await send(`/products${q ? '/search' : ''}?${params.toString()}`, { method: 'GET', signed: false }));
      return { ...page, products: page.products.map(inCents) };
    },
    product: async (id) => detailOf(readAnswer(product, await send(`/products/${id}`, { method: 'GET', signed: false }))),
    create: async (input) => detailOf(readAnswer(product, await send('/products/add', json('POST', input)))),
    update: async (id, change) => detailOf(readAnswer(product, await send(`/products/${id}`, json('PATCH', change)))),
    async startImport(request) {
      const init: Request =
        request.kind === 'url' ? json('POST', { url: request.url }) : { method: 'POST', signed: true, contentType: request.contentType, body: request.text };
      const { id } = readAnswer(importStarted, await send('/products/imports', init));
      return { id };
    },
    importJob: async (id) => readAnswer(importJob, await send(`/products/imports/${encodeURIComponent(id)}`, { method: 'GET', signed: true })),
  };
}
