// What a client sends to add or change a product (DummyJSON's request shape: the public product
// fields, prices in dollars) and how it becomes a stored product.
import { z } from 'zod';
import { productImagePath } from '../images/paths.ts';
import { VOCABULARY, type SeedCategory } from '../seed/vocabulary.ts';
import { CATEGORY_SLUG, COLOR_NAMES, MAX_CATEGORY_SLUG, type ProductRecord } from './model.ts';

/** An absolute http(s) URL, or a path of this catalogue's own images such as "images/products/3/chair-blue-1.svg". */
const image = z
  .string()
  .trim()
  .max(2000)
  .regex(/^(?!.*\.\.)(https?:\/\/[^\s/]+\S*|images\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)+)$/, {
    error: 'must be an http(s) URL or a path of this catalogue such as images/products/3/chair-blue-1.svg',
  });

const fields = {
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().max(5000),
  category: z
    .string()
    .trim()
    .regex(CATEGORY_SLUG, { error: 'must be a category slug: lower-case words joined by hyphens, e.g. home-decoration' })
    .max(MAX_CATEGORY_SLUG),
  price: z.number().min(0).max(10_000_000).describe('In dollars; rounded to cents'),
  discountPercentage: z.number().min(0).max(100),
  rating: z.number().min(0).max(5),
  stock: z.number().int().min(0).max(1_000_000_000),
  brand: z.string().trim().min(1).max(100).nullable(),
  color: z.enum(COLOR_NAMES as [string, ...string[]]).nullable(),
  sku: z.string().trim().min(1).max(100),
  tags: z.array(z.string().trim().min(1).max(100)).max(50),
  thumbnail: image,
  images: z.array(image).min(1).max(50),
};

const notAnObject = { error: 'The body must be a JSON object of product fields, e.g. {"title":"Desk Lamp","category":"furniture","price":24.99}' };

/** POST /products/add: title, category and price are needed; the rest has defaults. Unknown fields are ignored. */
export const newProductBody = z
  .object(fields, notAnObject)
  .partial()
  .required({ title: true, category: true, price: true })
  .meta({ id: 'NewProduct', description: 'A product to add. Fields left out get defaults: no brand or colour, stock 0, a drawn picture.' });

/** PUT and PATCH /products/{id}: any of the fields, at least one; what is left out stays as it is. */
export const productChangeBody = z
  .object(fields, notAnObject)
  .partial()
  .refine((change) => Object.keys(change).length > 0, { error: `Send at least one field to change: ${Object.keys(fields).join(', ')}` })
  .meta({ id: 'ProductChange', description: 'The fields to change; the others keep their values. Stock held by open checkouts is kept.' });

export type NewProduct = z.output<typeof newProductBody>;
export type ProductChange = z.output<typeof productChangeBody>;

const cents = (dollars: number) => Math.round(dollars * 100);

/** The product `input` describes, stored under `id`; without pictures it gets its category's drawing. */
export function newProductRecord(id: number, input: NewProduct, now: Date): ProductRecord {
  const category = input.category;
  const color = (input.color ?? null) as ProductRecord['color'];
  // A category of the seed's vocabulary has its own picture; any other gets a tote bag.
  const kind = Object.hasOwn(VOCABULARY, category) ? VOCABULARY[category as SeedCategory].kinds[0]!.drawing : 'tote';
  const drawn = productImagePath(id, kind, color ?? 'grey', 1);
  const thumbnail = input.thumbnail ?? input.images?.[0] ?? drawn;
  return {
    id,
    title: input.title,
    description: input.description ?? '',
    category,
    brand: input.brand ?? null,
    color,
    priceCents: cents(input.price),
    discountPercentage: input.discountPercentage ?? 0,
    rating: input.rating ?? 0,
    stock: input.stock ?? 0,
    sku: input.sku ?? `NEW-${String(id).padStart(6, '0')}`,
    tags: input.tags ?? [],
    thumbnail,
    images: input.images ?? [thumbnail],
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
}

/** `current` with the fields of `change` applied; the stock is the stored one unless the change names it. */
export function changedProductRecord(current: ProductRecord, change: ProductChange, now: Date): ProductRecord {
  return {
    ...current,
    ...(change.title !== undefined && { title: change.title }),
    ...(change.description !== undefined && { description: change.description }),
    ...(change.category !== undefined && { category: change.category as ProductRecord['category'] }),
    ...(change.brand !== undefined && { brand: change.brand }),
    ...(change.color !== undefined && { color: change.color as ProductRecord['color'] }),
    ...(change.price !== undefined && { priceCents: cents(change.price) }),
    ...(change.discountPercentage !== undefined && { discountPercentage: change.discountPercentage }),
    ...(change.rating !== undefined && { rating: change.rating }),
    ...(change.stock !== undefined && { stock: change.stock }),
    ...(change.sku !== undefined && { sku: change.sku }),
    ...(change.tags !== undefined && { tags: change.tags }),
    ...(change.thumbnail !== undefined && { thumbnail: change.thumbnail }),
    ...(change.images !== undefined && { images: change.images }),
    updatedAt: now.toISOString(),
  };
}
