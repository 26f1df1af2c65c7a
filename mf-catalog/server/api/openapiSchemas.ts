// The named schemas of the catalogue API's OpenAPI document (components.schemas): the contract's
// (catalog-api, decision 0046), what the routes answer and the bodies they validate with, under the
// names the paths refer to.
import { importJob, importRequest, importStarted } from 'catalog-api/imports';
import {
  category,
  deletedProduct,
  facets,
  newProduct,
  problem,
  product,
  productChange,
  productList,
  productSelection,
  searchReading,
} from 'catalog-api/products';
import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

type Names = z.core.$ZodRegistry<{ id: string }>;

/** What the routes answer, written as they go out: no field the contract does not name (additionalProperties: false). */
const answers: Names = z.registry<{ id: string }>();
answers.add(product, { id: 'Product' });
answers.add(productSelection, { id: 'ProductSelection' });
answers.add(productList, { id: 'ProductList' });
answers.add(facets, { id: 'Facets' });
answers.add(searchReading, { id: 'SearchReading' });
answers.add(category, { id: 'Category' });
answers.add(deletedProduct, { id: 'DeletedProduct' });
answers.add(importJob, { id: 'ImportJob' });
answers.add(importStarted, { id: 'ImportStarted' });

/** What the routes take, as a client may send it (fields they ignore allowed), and the shape of a refusal. */
const requests: Names = z.registry<{ id: string }>();
requests.add(problem, { id: 'Error' });
requests.add(importRequest, { id: 'ImportRequest' });
requests.add(newProduct, { id: 'NewProduct' });
requests.add(productChange, { id: 'ProductChange' });

/** A reference to a named schema of the document. */
export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** The named schemas as JSON Schema 2020-12 (the dialect of OpenAPI 3.1), referring to one another by ref. */
export function componentSchemas(): Record<string, JsonSchema> {
  const named = (registry: Names, io: 'input' | 'output') => z.toJSONSchema(registry, { io, uri: (id) => `#/components/schemas/${id}` }).schemas;
  const schemas = { ...named(answers, 'output'), ...named(requests, 'input') };
  return Object.fromEntries(Object.entries(schemas).map(([name, { $schema: _, $id: __, ...schema }]) => [name, schema as JsonSchema]));
}
