/**
 * The catalogue API (/api/catalog, mf-catalog/server) as the back office calls it: listings and
 * search as any client reads them, and the writes (add, change, import) with the staff member's
 * Firebase ID token, which the catalogue checks as the checkout's staff API does.
 */
import { parseImportJob, parseProduct, parseProductPage, parseStarted } from './catalogParse.ts';
import type { ImportJob, ImportRequest, ProductDetail, ProductInput, ProductPage } from './catalogTypes.ts';
import { messageOf } from './parse.ts';
import { StaffApiError, type TokenSource } from './staffApi.ts';

export const CATALOG_API = '/api/catalog';

/** The fields a list row shows; the rest stays on the server. */
const LIST_FIELDS = 'title,price,stock,category,brand,sku,thumbnail';

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
      const params = new URLSearchParams({ limit: String(limit), skip: String(skip), select: LIST_FIELDS });
      if (q) params.set('q', q);
      else {
        // Newest first: a product just added is at the top of the first page.
        params.set('sortBy', 'id');
        params.set('order', 'desc');
      }
      return parseProductPage(await send(`/products${q ? '/search' : ''}?${params.toString()}`, { method: 'GET', signed: false }));
    },
    product: async (id) => parseProduct(await send(`/products/${id}`, { method: 'GET', signed: false })),
    create: async (input) => parseProduct(await send('/products/add', json('POST', input))),
    update: async (id, change) => parseProduct(await send(`/products/${id}`, json('PATCH', change))),
    async startImport(request) {
      const init: Request =
        request.kind === 'url' ? json('POST', { url: request.url }) : { method: 'POST', signed: true, contentType: request.contentType, body: request.text };
      return parseStarted(await send('/products/imports', init));
    },
    importJob: async (id) => parseImportJob(await send(`/products/imports/${encodeURIComponent(id)}`, { method: 'GET', signed: true })),
  };
}
