// Products as the catalogue API answers them (DummyJSON's shape: prices in dollars) and as its writes
// take them: POST /products/add, PUT and PATCH /products/{id}.
import { z } from 'zod';
import { AVAILABILITY, CATEGORY_SLUG, COLOR_NAMES, PRODUCT_LIMITS as MAX } from './vocabulary.ts';

/** An absolute http(s) URL, or a path of the catalogue's own images such as "images/products/3/chair-blue-1.svg". */
const image = z
  .string()
  .trim()
  .max(MAX.imageUrl)
  .regex(/^(?!.*\.\.)(https?:\/\/[^\s/]+\S*|images\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)+)$/, {
    error: 'must be an http(s) URL or a path of this catalogue such as images/products/3/chair-blue-1.svg',
  });

const fields = {
  title: z.string().trim().min(1).max(MAX.title),
  description: z.string().trim().max(MAX.description),
  category: z
    .string()
    .trim()
    .regex(CATEGORY_SLUG, { error: 'must be a category slug: lower-case words joined by hyphens, e.g. home-decoration' })
    .max(MAX.category),
  price: z.number().min(0).max(MAX.price).describe('In dollars; rounded to cents'),
  discountPercentage: z.number().min(0).max(MAX.discountPercentage),
  rating: z.number().min(0).max(MAX.rating),
  stock: z.number().int().min(0).max(MAX.stock),
  brand: z.string().trim().min(1).max(MAX.brand).nullable(),
  color: z.enum(COLOR_NAMES).nullable(),
  sku: z.string().trim().min(1).max(MAX.sku),
  tags: z.array(z.string().trim().min(1).max(MAX.tag)).max(MAX.tags),
  thumbnail: image,
  images: z.array(image).min(1).max(MAX.images),
};

const notAnObject = { error: 'The body must be a JSON object of product fields, e.g. {"title":"Desk Lamp","category":"furniture","price":24.99}' };

/** POST /products/add: title, category and price are needed; the rest has defaults. Unknown fields are ignored. */
export const newProduct = z
  .object(fields, notAnObject)
  .partial()
  .required({ title: true, category: true, price: true })
  .describe('A product to add. Fields left out get defaults: no brand or colour, stock 0, a drawn picture.');

/** PUT and PATCH /products/{id}: any of the fields, at least one; what is left out stays as it is. */
export const productChange = z
  .object(fields, notAnObject)
  .partial()
  .refine((change) => Object.keys(change).length > 0, { error: `Send at least one field to change: ${Object.keys(fields).join(', ')}` })
  .describe('The fields to change; the others keep their values. Stock held by open checkouts is kept.');

const productShape = {
  id: z.number().int().min(1),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  price: z.number().describe('In dollars'),
  discountPercentage: z.number(),
  rating: z.number(),
  stock: z.number().int().min(0),
  tags: z.array(z.string()),
  brand: z.string().optional(),
  sku: z.string(),
  color: z.enum(COLOR_NAMES).optional(),
  availabilityStatus: z.enum(AVAILABILITY),
  meta: z.object({ createdAt: z.string(), updatedAt: z.string() }),
  images: z.array(z.string()),
  thumbnail: z.string(),
};

/** A product, DummyJSON's fields plus sku, color and availabilityStatus (no brand or colour: left out). */
export const product = z.object(productShape);
/** A product answered with select: its id and the selected fields. */
export const productSelection = product.partial().required({ id: true });
/** What DELETE /products/{id} answers: the product as it was, marked deleted. */
export const deletedProduct = product.extend({ isDeleted: z.literal(true), deletedOn: z.string() });

const count = z.number().int().min(0);

/** Counts per filter value, each counted under the other filters. */
export const facets = z.object({
  categories: z.array(z.object({ slug: z.string(), name: z.string(), count })),
  brands: z.array(z.object({ name: z.string(), count })),
  colors: z.array(z.object({ name: z.string(), hex: z.string(), count })),
  priceRanges: z.array(z.object({ min: z.number(), max: z.number(), label: z.string(), count })),
});

/** How a word search (match=words) read the query, for "Showing results for ...". */
export const searchReading = z.object({
  query: z.string().describe('The query as typed, trimmed'),
  corrected: z.string().nullable().describe('The query with its corrected words, when a typo was corrected; null otherwise'),
  words: z.array(
    z.object({
      typed: z.string().describe('A word of the query, lower-cased'),
      matched: z.string().nullable().describe('The catalogue word it was read as (its most used form); null when it matches nothing'),
      kind: z
        .enum(['exact', 'stem', 'prefix', 'typo'])
        .nullable()
        .describe('How it matched: itself, by its stem, as a beginning (prefix=on), or as a typo; null when it matches nothing'),
    }),
  ),
});

/** A page of products. */
export const productList = z.object({
  products: z.array(z.union([product, productSelection])),
  total: count,
  skip: count,
  limit: count,
  totalIsLowerBound: z.literal(true).optional().describe('Counting stopped at total: more products match'),
  facets: facets.optional(),
  search: searchReading.optional().describe('With match=words: how the query was read'),
});

export const category = z.object({
  slug: z.string(),
  name: z.string(),
  url: z.string(),
  menu: z.number().int().min(1).optional().describe("Position in the shop's header menu, for the categories it offers"),
});

/** A refusal or failure: what was wrong, in words a developer can act on. */
export const problem = z.object({ message: z.string().describe('What was wrong, in words a developer can act on') });

export type NewProduct = z.output<typeof newProduct>;
export type ProductChange = z.output<typeof productChange>;
/** What a caller sends to add or change a product. */
export type ProductInput = z.input<typeof productChange>;
export type Product = z.output<typeof product>;
export type ProductSelection = z.output<typeof productSelection>;
export type ProductList = z.output<typeof productList>;
