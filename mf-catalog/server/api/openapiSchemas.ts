// The named schemas of the catalogue API's OpenAPI document (components.schemas): what the routes
// answer, and the bodies they validate with, registered under the names the paths refer to.
import { z } from 'zod';
import { COLOR_NAMES } from '../products/model.ts';
import { newProductBody, productChangeBody } from '../products/productInput.ts';

export type JsonSchema = Record<string, unknown>;

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
  color: z.enum(COLOR_NAMES as [string, ...string[]]).optional(),
  availabilityStatus: z.enum(['In Stock', 'Low Stock', 'Out of Stock']),
  meta: z.strictObject({ createdAt: z.string(), updatedAt: z.string() }),
  images: z.array(z.string()),
  thumbnail: z.string(),
};

const product = z.strictObject(productShape);
const productSelection = z.strictObject(productShape).partial().required({ id: true });
const count = z.number().int().min(0);
const facets = z.strictObject({
  categories: z.array(z.strictObject({ slug: z.string(), name: z.string(), count })),
  brands: z.array(z.strictObject({ name: z.string(), count })),
  colors: z.array(z.strictObject({ name: z.string(), hex: z.string(), count })),
  priceRanges: z.array(z.strictObject({ min: z.number(), max: z.number(), label: z.string(), count })),
});
const matchKind = z.enum(['exact', 'stem', 'prefix', 'typo']);
const searchReading = z.strictObject({
  query: z.string().describe('The query as typed, trimmed'),
  corrected: z.string().nullable().describe('The query with its corrected words, when a typo was corrected; null otherwise'),
  words: z.array(
    z.strictObject({
      typed: z.string().describe('A word of the query, lower-cased'),
      matched: z.string().nullable().describe('The catalogue word it was read as (its most used form); null when it matches nothing'),
      kind: matchKind.nullable().describe('How it matched: itself, by its stem, as a beginning (prefix=on), or as a typo; null when it matches nothing'),
    }),
  ),
});
const productList = z.strictObject({
  products: z.array(z.union([product, productSelection])),
  total: count,
  skip: count,
  limit: count,
  totalIsLowerBound: z.literal(true).optional().describe('Counting stopped at total: more products match'),
  facets: facets.optional(),
  search: searchReading.optional().describe('With match=words: how the query was read'),
});
const category = z.strictObject({
  slug: z.string(),
  name: z.string(),
  url: z.string(),
  menu: z.number().int().min(1).optional().describe("Position in the shop's header menu, for the categories it offers"),
});
const deletedProduct = z.strictObject({ ...productShape, isDeleted: z.literal(true), deletedOn: z.string() });
const refusedRecord = z.strictObject({
  index: z.number().int().min(0).describe('Position of the record in the source, from 0'),
  id: z.union([z.number(), z.string()]).optional().describe("The record's id, when it had one"),
  reason: z.string(),
});
const importJob = z.strictObject({
  id: z.string(),
  state: z.enum(['running', 'done', 'failed']),
  source: z.string().describe('The URL, or the kind of file sent'),
  createdBy: z.string().describe('The staff member (e-mail) or "catalogue-admin token"'),
  total: z.number().int().min(0).nullable().describe('Records in the source once known (a file at once, a URL with its first page)'),
  processed: count,
  accepted: count,
  refusedCount: count,
  refused: z.array(refusedRecord).describe('The first 1,000 refused records'),
  error: z.string().nullable().describe('Why a failed import stopped'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const importStarted = z.strictObject({ id: z.string(), state: z.literal('running') });
const importRequest = z.union([
  z.strictObject({ url: z.string().describe('A DummyJSON-compatible http(s) address, read page by page with limit and skip') }),
  z.array(z.unknown()).describe("Products in DummyJSON's shape"),
  z.object({ products: z.array(z.unknown()) }).describe("DummyJSON's envelope"),
]);
const error = z.object({ message: z.string().describe('What was wrong, in words a developer can act on') });

/** Named schemas of the document (components.schemas). */
const components = z.registry<{ id: string; description?: string }>();
components.add(product, { id: 'Product', description: 'A product, DummyJSON fields plus sku, color and availabilityStatus' });
components.add(productSelection, { id: 'ProductSelection', description: 'A product answered with select: its id and the selected fields' });
components.add(productList, { id: 'ProductList', description: 'A page of products' });
components.add(facets, { id: 'Facets', description: 'Counts per filter value, each counted under the other filters' });
components.add(searchReading, { id: 'SearchReading', description: 'How a word search (match=words) read the query, for "Showing results for ..."' });
components.add(category, { id: 'Category' });
components.add(deletedProduct, { id: 'DeletedProduct', description: 'The product as it was, marked deleted' });
components.add(error, { id: 'Error' });
components.add(importJob, { id: 'ImportJob', description: "An import's progress and the records it refused" });
components.add(importStarted, { id: 'ImportStarted' });
components.add(importRequest, { id: 'ImportRequest', description: 'A file of products, or {url} of a DummyJSON-compatible API' });
components.add(newProductBody, {
  id: 'NewProduct',
  description: 'A product to add; fields left out get defaults (no brand or colour, stock 0, a drawn picture)',
});
components.add(productChangeBody, {
  id: 'ProductChange',
  description: 'Fields to change; the others keep their values, and stock held by open checkouts is kept',
});

/** A reference to a named schema of the document. */
export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** The named schemas as JSON Schema 2020-12 (the dialect of OpenAPI 3.1), referring to one another by ref. */
export function componentSchemas(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(components, { io: 'input', uri: (id) => `#/components/schemas/${id}` });
  return Object.fromEntries(Object.entries(schemas).map(([name, { $schema: _, $id: __, ...schema }]) => [name, schema as JsonSchema]));
}
