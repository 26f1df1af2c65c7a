import { z } from 'zod/mini';

// The gateway's Content-Security-Policy has no 'unsafe-eval', so nothing on the page may even probe for
// `new Function` (the browser reports a caught attempt as a CSP violation too). zod/mini has no JIT and
// never probes, so this remote does not need the call for itself. It stays because zod keeps this
// setting in a page-wide global (globalThis.__zod_globalConfig) that every copy of zod reads, and full
// zod in another remote (mf-account's lazily loaded firebase chunk) probes when it builds an object
// schema unless `jitless` is already set. Drop it only once each remote sets `jitless` for itself.
z.config({ jitless: true });

// What the catalogue service answers (DummyJSON-compatible plus our extensions). Schemas are loose:
// the service may add fields without breaking this remote, and display fields fall back to neutral
// values rather than losing a product over them.

const text = z.catch(z.string(), '');
const number = z.catch(z.number(), 0);

export const productSchema = z.looseObject({
  id: z.int().check(z.nonnegative()),
  title: z.string().check(z.minLength(1)),
  price: z.number().check(z.nonnegative()),
  description: z.optional(text),
  category: z.optional(text),
  discountPercentage: z._default(number, 0),
  rating: z._default(number, 0),
  stock: z._default(z.catch(z.int().check(z.nonnegative()), 0), 0),
  brand: z.optional(z.nullable(text)),
  color: z.optional(z.nullable(text)),
  thumbnail: z._default(text, ''),
  images: z.optional(z.catch(z.array(z.string()), [])),
  sku: z.optional(text),
});

export type Product = z.output<typeof productSchema>;

/**
 * A product handed from one screen to another, shown before the catalogue answers: unlike a fetched
 * product, every fact a card shows must be there (a missing stock would read "Out of stock").
 */
export const handedCardSchema = z.looseObject({
  ...productSchema.shape,
  discountPercentage: z.number(),
  rating: z.number(),
  stock: z.int().check(z.nonnegative()),
});

/** A search suggestion: the service answers only the selected fields. */
export const suggestionSchema = z.looseObject({
  id: z.int().check(z.nonnegative()),
  title: z.string().check(z.minLength(1)),
  price: z.number().check(z.nonnegative()),
  thumbnail: z._default(text, ''),
});

export type Suggestion = z.output<typeof suggestionSchema>;

const count = z.catch(z.int().check(z.nonnegative()), 0);

export const facetsSchema = z.looseObject({
  categories: z._default(z.array(z.looseObject({ slug: z.string(), name: z.string(), count })), []),
  brands: z._default(z.array(z.looseObject({ name: z.string(), count })), []),
  colors: z._default(z.array(z.looseObject({ name: z.string(), hex: z._default(text, ''), count })), []),
  priceRanges: z._default(z.array(z.looseObject({ min: z.number(), max: z.number(), label: z._default(text, ''), count })), []),
});

export type Facets = z.output<typeof facetsSchema>;

export function listSchema<T extends z.ZodMiniType>(item: T) {
  return z.looseObject({
    products: z.array(item),
    total: z.int().check(z.nonnegative()),
    /** Set when the catalogue stopped counting at `total` and more products match. */
    totalIsLowerBound: z.optional(z.boolean()),
    skip: z._default(count, 0),
    limit: z._default(count, 0),
    facets: z.optional(facetsSchema),
  });
}

export const productListSchema = listSchema(productSchema);
export type ProductList = z.output<typeof productListSchema>;

export const suggestionListSchema = listSchema(suggestionSchema);
export type SuggestionList = z.output<typeof suggestionListSchema>;

export const categorySchema = z.looseObject({ slug: z.string().check(z.minLength(1)), name: z.string().check(z.minLength(1)) });
export const categoriesSchema = z.array(categorySchema);
export type Category = z.output<typeof categorySchema>;
