// The data a page address shows, fetched by the gateway while it prepares the page: it names the page
// for search engines (routeHead.ts) and travels inside the page, so the screen does not ask the
// catalogue for it again on first load (a round trip less before the largest picture).
import { z } from 'zod';
import { matchRoute } from '../src/app/routeManifest.ts';

/** What the page needs of a product; the catalogue may send more (kept for the screen). */
export const headProductSchema = z.looseObject({
  id: z.number().int().positive(),
  title: z.string().min(1),
  price: z.number().nonnegative(),
  description: z.string().catch(''),
  stock: z.number().catch(0),
  brand: z.string().nullish().catch(null),
  category: z.string().catch(''),
  sku: z.string().optional().catch(undefined),
  thumbnail: z.string().catch(''),
  images: z.array(z.string()).catch([]),
});
export type HeadProduct = z.output<typeof headProductSchema>;

/** A catalogue answer as the page embeds it: what the browser would have been answered at that URL. */
export type EmbeddedAnswer = { status: number; body: unknown };
/** Asks the gateway's own catalogue route (cache included); undefined when it did not answer in time. */
export type FetchAnswer = (url: string) => Promise<EmbeddedAnswer | undefined>;

export interface RouteData {
  /** Answers by the URL the screen asks (the catalogue client's URLs, e.g. /api/catalog/products/1). */
  answers: Record<string, EmbeddedAnswer>;
  product?: HeadProduct;
  /** The address names a product the catalogue does not have. */
  productMissing?: boolean;
}

/** Same rule as the product screen's (mf-catalog/src/product/productId.ts): a plain positive 32-bit integer. */
function productId(raw: string | undefined): number | null {
  if (raw === undefined || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

/** Every page's header offers the categories (its menu), and the listing filters by them. */
export const CATEGORIES_URL = '/api/catalog/products/categories';

export async function loadRouteData(pathname: string, fetchAnswer: FetchAnswer): Promise<RouteData> {
  const entry = matchRoute(pathname);
  const id = entry?.path === '/shop/:id' ? productId(pathname.split('/').filter(Boolean)[1]) : null;
  const productUrl = id === null ? null : `/api/catalog/products/${id}`;
  const [categories, answer] = await Promise.all([fetchAnswer(CATEGORIES_URL), productUrl ? fetchAnswer(productUrl) : undefined]);
  const answers: Record<string, EmbeddedAnswer> = categories?.status === 200 ? { [CATEGORIES_URL]: categories } : {};
  if (!productUrl || !answer) return { answers };
  if (answer.status === 404) return { answers: { ...answers, [productUrl]: answer }, productMissing: true };
  const product = answer.status === 200 ? headProductSchema.safeParse(answer.body) : undefined;
  // An answer the page cannot describe is still the screen's to judge; it asks again itself.
  return product?.success ? { answers: { ...answers, [productUrl]: answer }, product: product.data } : { answers };
}
