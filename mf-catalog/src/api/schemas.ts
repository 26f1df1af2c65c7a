import * as v from 'valibot';

// What the catalogue service answers (DummyJSON-compatible plus our extensions). Schemas are loose:
// the service may add fields without breaking this remote, and display fields fall back to neutral
// values rather than losing a product over them. Valibot rather than zod in the browser: these
// schemas are on every catalogue page's first load, where zod/mini cost 7.9 KB gzip and showed in
// the listing's CPU profile (docs/decisions/0025). The catalogue service keeps zod.

const text = v.fallback(v.string(), '');
const number = v.fallback(v.number(), 0);
const nonNegativeInt = v.pipe(v.number(), v.integer(), v.minValue(0));
const nonEmpty = v.pipe(v.string(), v.minLength(1));

export const productSchema = v.looseObject({
  id: nonNegativeInt,
  title: nonEmpty,
  price: v.pipe(v.number(), v.minValue(0)),
  description: v.optional(text),
  category: v.optional(text),
  discountPercentage: v.optional(number, 0),
  rating: v.optional(number, 0),
  stock: v.optional(v.fallback(nonNegativeInt, 0), 0),
  brand: v.optional(v.nullable(text)),
  color: v.optional(v.nullable(text)),
  thumbnail: v.optional(text, ''),
  images: v.optional(v.fallback(v.array(v.string()), () => [])),
  sku: v.optional(text),
});

export type Product = v.InferOutput<typeof productSchema>;

/**
 * A product handed from one screen to another, shown before the catalogue answers: unlike a fetched
 * product, every fact a card shows must be there (a missing stock would read "Out of stock").
 */
export const handedCardSchema = v.looseObject({
  ...productSchema.entries,
  discountPercentage: v.number(),
  rating: v.number(),
  stock: nonNegativeInt,
});

/** A search suggestion: the service answers only the selected fields. */
export const suggestionSchema = v.looseObject({
  id: nonNegativeInt,
  title: nonEmpty,
  price: v.pipe(v.number(), v.minValue(0)),
  thumbnail: v.optional(text, ''),
});

export type Suggestion = v.InferOutput<typeof suggestionSchema>;

const count = v.fallback(nonNegativeInt, 0);

/**
 * How the shop's word matching (`match=words`) read the query: the text as typed, the text with
 * typo-corrected words (null when nothing was corrected) and what each word matched (null: nothing).
 */
export const searchInfoSchema = v.looseObject({
  query: v.string(),
  corrected: v.fallback(v.nullable(v.string()), null),
  words: v.optional(
    v.fallback(v.array(v.looseObject({ typed: v.string(), matched: v.nullable(v.string()), kind: v.nullable(v.string()) })), () => []),
    () => [],
  ),
});

export type SearchInfo = v.InferOutput<typeof searchInfoSchema>;

export const facetsSchema = v.looseObject({
  categories: v.optional(v.array(v.looseObject({ slug: v.string(), name: v.string(), count })), () => []),
  brands: v.optional(v.array(v.looseObject({ name: v.string(), count })), () => []),
  colors: v.optional(v.array(v.looseObject({ name: v.string(), hex: v.optional(text, ''), count })), () => []),
  priceRanges: v.optional(v.array(v.looseObject({ min: v.number(), max: v.number(), label: v.optional(text, ''), count })), () => []),
});

export type Facets = v.InferOutput<typeof facetsSchema>;

export function listSchema<T extends v.GenericSchema>(item: T) {
  return v.looseObject({
    products: v.array(item),
    total: nonNegativeInt,
    /** Set when the catalogue stopped counting at `total` and more products match. */
    totalIsLowerBound: v.optional(v.boolean()),
    skip: v.optional(count, 0),
    limit: v.optional(count, 0),
    facets: v.optional(facetsSchema),
    // A damaged account of the matching costs the "did you mean" line, never the results.
    search: v.optional(v.fallback(v.nullable(searchInfoSchema), null)),
  });
}

export const productListSchema = listSchema(productSchema);
export type ProductList = v.InferOutput<typeof productListSchema>;

export const suggestionListSchema = listSchema(suggestionSchema);
export type SuggestionList = v.InferOutput<typeof suggestionListSchema>;

export const categorySchema = v.looseObject({ slug: nonEmpty, name: nonEmpty });
export const categoriesSchema = v.array(categorySchema);
export type Category = v.InferOutput<typeof categorySchema>;
