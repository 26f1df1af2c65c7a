// The catalogue API's OpenAPI 3.1 document, generated from the zod schemas the routes validate with
// (query parameters, bodies) and the schemas of what they answer (openapiSchemas.ts). Served at /openapi.json.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { delayParam } from '../http/delay.ts';
import { CATEGORY_SLUG, MAX_CATEGORY_SLUG } from '../products/model.ts';
import { listQuerySchema, searchQuerySchema, selectOnly } from '../products/query.ts';
import { componentSchemas, ref, type JsonSchema } from './openapiSchemas.ts';

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

/** Answers every read may give besides its own. */
const read = { 400: problem('A parameter is invalid; the message names it'), 429: problem('Too many requests from this address; see Retry-After') };
/** Answers every write and import may give when its token is missing or not allowed. */
const auth = {
  401: problem('No token was sent, or an ID token that is invalid or expired'),
  403: problem("The token is not the catalogue-admin token, a shopper's ID token, a staff request from another site, or writes are turned off"),
};
const security = [{ catalogueAdmin: [] }, { staffIdToken: [] }];

/** The query parameters the read routes share (listing and searching bounded by the service's page size limit). */
interface ReadParameters {
  delay: JsonSchema[];
  listing: JsonSchema[];
  searching: JsonSchema[];
}

export function openApiDocument(options: { serverUrl: string; maxLimit: number }): JsonSchema {
  const delay = queryParameters({ delay: delayParam });
  const parameters: ReadParameters = {
    delay,
    listing: [...queryParameters(listQuerySchema(options.maxLimit).shape), ...delay],
    searching: [...queryParameters(searchQuerySchema(options.maxLimit).shape), ...delay],
  };
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
      schemas: componentSchemas(),
      securitySchemes: {
        catalogueAdmin: { type: 'http', scheme: 'bearer', description: 'CATALOG_ADMIN_TOKEN of the catalogue service' },
        staffIdToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "A Firebase ID token whose custom claim role is 'staff' or 'admin'" },
      },
    },
    paths: {
      ...listingPaths(parameters),
      ...productPaths(parameters),
      ...importPaths(),
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
}

/** The routes that read pages of products and the categories. */
function listingPaths({ delay, listing, searching }: ReadParameters) {
  const page = { 200: answer('The page of products', ref('ProductList')), ...read };
  return {
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
  };
}

/** One product: reading, changing and deleting it, and adding one. */
function productPaths({ delay }: ReadParameters) {
  return {
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
  };
}

/** A write of one product: its id in the path, a JSON body, a token. */
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

/** Starting an import of products in the background, and following it. */
function importPaths() {
  return {
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
  };
}

export function registerOpenApiRoute(app: FastifyInstance, options: { serverUrl: string; maxLimit: number }): void {
  const body = JSON.stringify(openApiDocument(options));
  app.get('/openapi.json', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600').type('application/json; charset=utf-8');
    return body;
  });
}
