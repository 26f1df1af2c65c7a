// The catalogue API's OpenAPI 3.1 document, generated from the zod schemas the routes validate with
// (query parameters, bodies) and the schemas of what they answer. Served at /openapi.json.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { delayParam } from '../http/delay.ts';
import { CATEGORY_SLUG, COLOR_NAMES, MAX_CATEGORY_SLUG } from '../products/model.ts';
import { newProductBody, productChangeBody } from '../products/productInput.ts';
import { listQuerySchema, searchQuerySchema, selectOnly } from '../products/query.ts';

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

type JsonSchema = Record<string, unknown>;
const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** A parameter's schema as JSON Schema 2020-12, the dialect of OpenAPI 3.1. */
function jsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input' }) as JsonSchema;
  return rest;
}

/** Query parameters, one per field of an object schema, each with its schema and description. */
function queryParameters(shape: Record<string, z.ZodType>): JsonSchema[] {
  return Object.entries(shape).map(([name, field]) => {
    const { description, ...schema } = jsonSchema(field);
    return { name, in: 'query', required: false, ...(description ? { description } : {}), schema };
  });
}

const json = (schema: JsonSchema) => ({ content: { 'application/json': { schema } } });
const answer = (description: string, schema: JsonSchema) => ({ description, ...json(schema) });
const problem = (description: string) => answer(description, ref('Error'));
const PRODUCT_ID = { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[1-9][0-9]{0,9}$' } };

export function openApiDocument(options: { serverUrl: string; maxLimit: number }): JsonSchema {
  const { schemas } = z.toJSONSchema(components, { io: 'input', uri: (id) => `#/components/schemas/${id}` });
  const componentSchemas = Object.fromEntries(Object.entries(schemas).map(([name, { $schema: _, $id: __, ...schema }]) => [name, schema as JsonSchema]));
  const delay = queryParameters({ delay: delayParam });
  const listing = [...queryParameters(listQuerySchema(options.maxLimit).shape), ...delay];
  const searching = [...queryParameters(searchQuerySchema(options.maxLimit).shape), ...delay];
  const read = { 400: problem('A parameter is invalid; the message names it'), 429: problem('Too many requests from this address; see Retry-After') };
  const auth = {
    401: problem('No token was sent, or an ID token that is invalid or expired'),
    403: problem("The token is not the catalogue-admin token, a shopper's ID token, a staff request from another site, or writes are turned off"),
  };
  const security = [{ catalogueAdmin: [] }, { staffIdToken: [] }];
  const page = { 200: answer('The page of products', ref('ProductList')), ...read };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Storefront catalogue API',
      version: '1.0.0',
      description:
        "The shop's products with DummyJSON's routes, parameters and shapes. Reads are open to any origin (CORS, no credentials); writes and imports need the catalogue-admin bearer token or a staff member's Firebase ID token.",
    },
    servers: [{ url: options.serverUrl || '/' }],
    components: {
      schemas: componentSchemas,
      securitySchemes: {
        catalogueAdmin: { type: 'http', scheme: 'bearer', description: 'CATALOG_ADMIN_TOKEN of the catalogue service' },
        staffIdToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "A Firebase ID token whose custom claim role is 'staff' or 'admin'" },
      },
    },
    paths: {
      '/products': { get: { operationId: 'listProducts', summary: 'A page of products, filtered and sorted', parameters: listing, responses: page } },
      '/products/search': {
        get: {
          operationId: 'searchProducts',
          summary: 'Products whose title or description contains q; with match=words, products matching every word, ranked',
          parameters: searching,
          responses: page,
        },
      },
      '/products/categories': {
        get: {
          operationId: 'listCategories',
          summary: 'The categories with their names and URLs',
          parameters: delay,
          responses: { 200: answer('The categories', { type: 'array', items: ref('Category') }), ...read },
        },
      },
      '/products/category-list': {
        get: {
          operationId: 'listCategorySlugs',
          summary: 'The category slugs',
          parameters: delay,
          responses: { 200: answer('The slugs', { type: 'array', items: { type: 'string' } }), ...read },
        },
      },
      '/products/category/{slug}': {
        get: {
          operationId: 'listCategory',
          summary: 'A page of one category (empty for a category no product carries)',
          parameters: [
            { name: 'slug', in: 'path', required: true, schema: { type: 'string', pattern: CATEGORY_SLUG.source, maxLength: MAX_CATEGORY_SLUG } },
            ...listing,
          ],
          responses: { ...page, 404: problem('Not a category slug') },
        },
      },
      '/products/{id}': {
        get: {
          operationId: 'getProduct',
          summary: 'One product',
          parameters: [PRODUCT_ID, ...queryParameters(selectOnly.shape), ...delay],
          responses: {
            200: { ...answer('The product', { anyOf: [ref('Product'), ref('ProductSelection')] }), headers: { ETag: { schema: { type: 'string' } } } },
            304: { description: 'Not modified since the ETag sent in If-None-Match' },
            404: problem('No such product'),
            ...read,
          },
        },
        put: write('updateProduct', 'Changes a product', ref('ProductChange'), {
          200: answer('The product as changed', ref('Product')),
          404: problem('No such product'),
        }),
        patch: write('patchProduct', 'Changes a product (as PUT)', ref('ProductChange'), {
          200: answer('The product as changed', ref('Product')),
          404: problem('No such product'),
        }),
        delete: {
          operationId: 'deleteProduct',
          summary: 'Deletes a product',
          security,
          parameters: [PRODUCT_ID],
          responses: { 200: answer('The product as it was', ref('DeletedProduct')), 404: problem('No such product'), ...auth, 400: read[400] },
        },
      },
      '/products/add': {
        post: {
          ...write('addProduct', 'Adds a product under the next free id', ref('NewProduct'), { 201: answer('The product as stored', ref('Product')) }),
          parameters: [],
        },
      },
      '/products/imports': {
        post: {
          operationId: 'startImport',
          summary: 'Starts importing a file of products or a DummyJSON-compatible URL in the background',
          security,
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: ref('ImportRequest') },
              'application/x-ndjson': { schema: { type: 'string', description: 'One product per line' } },
              'text/csv': { schema: { type: 'string', description: "A header row of DummyJSON's field names; tags and images separated by |" } },
            },
          },
          responses: {
            202: answer('Started: poll GET /products/imports/{id}', ref('ImportStarted')),
            400: problem('The file cannot be read or holds no products, or the URL is not an http(s) address the shop may import'),
            413: problem('The file is larger than IMPORT_MAX_BYTES or holds more than IMPORT_MAX_RECORDS records'),
            415: problem('Not JSON, NDJSON or CSV'),
            ...auth,
          },
        },
      },
      '/products/imports/{id}': {
        get: {
          operationId: 'getImport',
          summary: "An import's progress and refused records, from any instance",
          security,
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
          responses: {
            200: answer('The import', ref('ImportJob')),
            400: problem('Not an import id'),
            404: problem('No such import'),
            ...auth,
          },
        },
      },
      '/images/products/{id}/{file}': {
        get: {
          operationId: 'productImage',
          summary: 'A product picture (SVG), cacheable for good',
          parameters: [PRODUCT_ID, { name: 'file', in: 'path', required: true, schema: { type: 'string' } }, ...delay],
          responses: { 200: { description: 'The picture', content: { 'image/svg+xml': {} } }, 404: problem('No such picture') },
        },
      },
      '/openapi.json': { get: { operationId: 'openApiDocument', summary: 'This document', responses: { 200: answer('The document', { type: 'object' }) } } },
    },
  };

  function write(operationId: string, summary: string, body: JsonSchema, responses: Record<number, unknown>) {
    return {
      operationId,
      summary,
      security,
      parameters: [PRODUCT_ID],
      requestBody: { required: true, ...json(body) },
      responses: { ...responses, 400: problem('The body is invalid; the message names every bad field'), ...auth },
    };
  }
}

export function registerOpenApiRoute(app: FastifyInstance, options: { serverUrl: string; maxLimit: number }): void {
  const body = JSON.stringify(openApiDocument(options));
  app.get('/openapi.json', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600').type('application/json; charset=utf-8');
    return body;
  });
}
