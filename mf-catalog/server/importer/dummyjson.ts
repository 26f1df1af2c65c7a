// Loads any DummyJSON-compatible product source into our model, validating every record.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { describeIssues } from '../http/params.ts';
import { isCategorySlug, isColorName, type CategorySlug, type ProductRecord } from '../products/model.ts';

// DummyJSON's own categories, folded into the six the shop's header offers.
const CATEGORY_ALIASES: Record<string, CategorySlug> = {
  sunglasses: 'accessories',
  'mens-watches': 'accessories',
  'womens-watches': 'accessories',
  'womens-jewellery': 'accessories',
  'sports-accessories': 'accessories',
  furniture: 'furniture',
  'home-decoration': 'furniture',
  lighting: 'furniture',
  laptops: 'electronics',
  smartphones: 'electronics',
  tablets: 'electronics',
  'mobile-accessories': 'electronics',
  tops: 'clothing',
  'mens-shirts': 'clothing',
  'mens-shoes': 'clothing',
  'womens-dresses': 'clothing',
  'womens-shoes': 'clothing',
  'womens-bags': 'bags',
  'kitchen-accessories': 'home-appliances',
};

function categoryOf(raw: string): CategorySlug | null {
  const slug = raw.trim().toLowerCase().replace(/\s+/g, '-');
  if (isCategorySlug(slug)) return slug;
  return CATEGORY_ALIASES[slug] ?? null;
}

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

/**
 * Validates and converts source records. `baseUrl` resolves relative image paths of a remote
 * source; `now` dates records that carry no meta.
 */
export function convertProducts(items: readonly unknown[], options: { baseUrl?: string; now?: Date } = {}): Converted {
  const now = (options.now ?? new Date()).toISOString();
  const resolve = (path: string) => (options.baseUrl ? new URL(path, options.baseUrl).href : path);
  const records: ProductRecord[] = [];
  const rejected: Rejected[] = [];
  items.forEach((item, index) => {
    const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
    const parsed = sourceProduct.safeParse(item);
    if (!parsed.success) {
      rejected.push({ index, id, reason: describeIssues(parsed.error) });
      return;
    }
    const p = parsed.data;
    const category = categoryOf(p.category);
    if (!category) {
      rejected.push({ index, id, reason: `category '${p.category}' is not one of the shop's six and has no known mapping` });
      return;
    }
    const color = p.color?.toLowerCase() ?? '';
    const thumbnail = resolve(p.thumbnail);
    records.push({
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
    });
  });
  return { records, rejected };
}

const envelope = z.union([
  z.array(z.unknown()),
  z.object({ products: z.array(z.unknown()), total: z.number().optional(), skip: z.number().optional() }),
]);

function productsOf(json: unknown, source: string): { products: unknown[]; total?: number } {
  const parsed = envelope.safeParse(json);
  if (!parsed.success) throw new Error(`${source} is neither {products:[...]} nor an array of products`);
  return Array.isArray(parsed.data) ? { products: parsed.data } : parsed.data;
}

/**
 * Reads products from a JSON file or an http(s) URL. A paged URL source (DummyJSON answers 30
 * per page by default) is followed page by page with `skip` until `total` is reached.
 */
export async function loadSource(source: string, fetchImpl: typeof fetch = fetch): Promise<unknown[]> {
  if (!/^https?:\/\//i.test(source)) return productsOf(JSON.parse(await readFile(source, 'utf8')), source).products;
  const all: unknown[] = [];
  for (;;) {
    const url = new URL(source);
    if (all.length > 0) url.searchParams.set('skip', String(all.length));
    const response = await fetchImpl(url);
    if (!response.ok) throw new Error(`${url.href} answered ${response.status}`);
    const page = productsOf(await response.json(), url.href);
    all.push(...page.products);
    if (page.products.length === 0 || page.total === undefined || all.length >= page.total) return all;
  }
}
