// Loads any DummyJSON-compatible product source into our model, validating every record.
import { z } from 'zod';
import { describeIssues } from '../http/params.ts';
import { categorySlugOf, isCategorySlug, isColorName, type ProductRecord } from '../products/model.ts';
import { recordImportRow } from '../metrics/registry.ts';

const isoDate = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)), { error: 'must be a date' })
  .transform((value) => new Date(value).toISOString());

const sourceProduct = z.object({
  id: z.number().int().min(1).max(2_147_483_647),
  title: z.string().trim().min(1).max(200),
  description: z.string().max(5000).default(''),
  category: z.string().min(1).max(100),
  price: z.number().min(0).max(10_000_000),
  discountPercentage: z.number().min(0).max(100).default(0),
  rating: z.number().min(0).max(5).default(0),
  stock: z.number().int().min(0).max(1_000_000_000).default(0),
  brand: z.string().trim().min(1).max(100).optional(),
  color: z.string().optional(),
  sku: z.string().max(100).optional(),
  tags: z.array(z.string().max(100)).max(50).default([]),
  thumbnail: z.string().min(1).max(2000),
  images: z.array(z.string().min(1).max(2000)).max(50).default([]),
  meta: z.object({ createdAt: isoDate.optional(), updatedAt: isoDate.optional() }).optional(),
});

export interface Rejected {
  index: number;
  id: unknown;
  reason: string;
}

export interface Converted {
  records: ProductRecord[];
  rejected: Rejected[];
}

/** What one source record became: a product to store, or the reason it was refused. */
export type Conversion = { record: ProductRecord } | { rejected: Rejected };

/**
 * Validates and converts one source record (its position in the source is `index`). `baseUrl`
 * resolves relative image paths of a remote source; `now` dates records that carry no meta.
 */
export function convertProduct(item: unknown, index: number, options: { baseUrl?: string; now?: Date } = {}): Conversion {
  const conversion = convertRecord(item, index, options);
  recordImportRow('record' in conversion ? 'accepted' : 'refused');
  return conversion;
}

function convertRecord(item: unknown, index: number, options: { baseUrl?: string; now?: Date }): Conversion {
  const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
  const parsed = sourceProduct.safeParse(item);
  if (!parsed.success) return { rejected: { index, id, reason: describeIssues(parsed.error) } };
  const p = parsed.data;
  const category = categorySlugOf(p.category);
  if (!isCategorySlug(category)) {
    return {
      rejected: { index, id, reason: `category '${p.category.slice(0, 100)}' has no letters or digits to make a slug of, or is longer than 60 characters` },
    };
  }
  const now = (options.now ?? new Date()).toISOString();
  const resolve = (path: string) => (options.baseUrl ? new URL(path, options.baseUrl).href : path);
  const color = p.color?.toLowerCase() ?? '';
  const thumbnail = resolve(p.thumbnail);
  return {
    record: {
      id: p.id,
      title: p.title,
      description: p.description,
      category,
      brand: p.brand ?? null,
      color: isColorName(color) ? color : null,
      priceCents: Math.round(p.price * 100),
      discountPercentage: p.discountPercentage,
      rating: p.rating,
      stock: p.stock,
      sku: p.sku ?? `IMP-${String(p.id).padStart(6, '0')}`,
      tags: p.tags,
      thumbnail,
      images: p.images.length ? p.images.map(resolve) : [thumbnail],
      createdAt: p.meta?.createdAt ?? now,
      updatedAt: p.meta?.updatedAt ?? p.meta?.createdAt ?? now,
    },
  };
}

/** Validates and converts a whole array of source records. */
export function convertProducts(items: readonly unknown[], options: { baseUrl?: string; now?: Date } = {}): Converted {
  const records: ProductRecord[] = [];
  const rejected: Rejected[] = [];
  items.forEach((item, index) => {
    const result = convertProduct(item, index, options);
    if ('record' in result) records.push(result.record);
    else rejected.push(result.rejected);
  });
  return { records, rejected };
}

const CSV_NUMBERS = new Set(['id', 'price', 'discountPercentage', 'rating', 'stock']);
const CSV_LISTS = new Set(['tags', 'images']);

/**
 * A CSV row (a header row names DummyJSON's fields) in DummyJSON's shape: numbers as numbers, `tags`
 * and `images` separated by `|`, `createdAt`/`updatedAt` as meta; empty cells are left out, so the
 * field's default applies. A number that does not parse stays text, and validation names it.
 */
export function fromCsvRow(row: Readonly<Record<string, string>>): Record<string, unknown> {
  const product: Record<string, unknown> = {};
  const meta: Record<string, string> = {};
  for (const [column, raw] of Object.entries(row)) {
    const value = raw.trim();
    if (value === '') continue;
    if (column === 'createdAt' || column === 'updatedAt') meta[column] = value;
    else if (CSV_NUMBERS.has(column)) product[column] = Number.isNaN(Number(value)) ? value : Number(value);
    else if (CSV_LISTS.has(column))
      product[column] = value
        .split('|')
        .map((part) => part.trim())
        .filter(Boolean);
    else product[column] = value;
  }
  if (Object.keys(meta).length > 0) product.meta = meta;
  return product;
}

const envelope = z.union([z.array(z.unknown()), z.object({ products: z.array(z.unknown()), total: z.number().optional(), skip: z.number().optional() })]);

function productsOf(json: unknown, source: string): { products: unknown[]; total?: number } {
  const parsed = envelope.safeParse(json);
  if (!parsed.success) throw new Error(`${source} is neither {products:[...]} nor an array of products`);
  return Array.isArray(parsed.data) ? { products: parsed.data } : parsed.data;
}

/** Products of a paged source fetched at once: enough to keep a round trip's cost small. */
const PAGE_SIZE = 100;

/**
 * The products of a DummyJSON-compatible URL, page by page: `limit` (the URL's own, or 100) and
 * `skip` until `total` is reached or a page comes back empty. Only one page is held at a time.
 */
export async function* pagesFrom(source: string, fetchImpl: typeof fetch = fetch): AsyncGenerator<unknown[]> {
  let seen = 0;
  for (;;) {
    const url = new URL(source);
    if (!url.searchParams.has('limit') || url.searchParams.get('limit') === '0') url.searchParams.set('limit', String(PAGE_SIZE));
    url.searchParams.set('skip', String(seen));
    const response = await fetchImpl(url, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`${url.href} answered ${response.status}`);
    const page = productsOf(await response.json(), url.href);
    if (page.products.length === 0) return;
    yield page.products;
    seen += page.products.length;
    if (page.total === undefined || seen >= page.total) return;
  }
}
