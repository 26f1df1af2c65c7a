// The service side of the catalog-api contract (decision 0046) for what the back office calls: a
// product added, the staff's product list, an import and its job, each answer exactly what the
// contract describes and shaped field for field like the contract's example of it, which callers'
// tests read. (openapi.test.ts checks every route against the document generated from the contract.)
import { importJob, importStarted } from 'catalog-api/imports';
import { product, productList } from 'catalog-api/products';
import * as examples from 'catalog-api/testing';
import { contractProblem, type ContractSchema } from 'service-kit/answer-check';
import { BACKENDS, startTestServer, until, type TestServer } from '../testing/harness.ts';

const ADMIN = { authorization: 'Bearer contract-test-admin-token' };

/** Every path to a value, arrays as [] (an object's own fields, not its values): what a caller can read. */
function fieldsOf(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return [...new Set(value.flatMap((item) => fieldsOf(item, `${at}[]`)))];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => [`${at}.${key}`, ...fieldsOf(inner, `${at}.${key}`)]);
}

describe.each(BACKENDS)('the catalogue answers the back office as the catalog-api contract says, on %s', (backend) => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer(backend, { CATALOG_ADMIN_TOKEN: ADMIN.authorization.slice(7) });
  });

  afterAll(async () => {
    await t?.close();
  });

  test('a product added, the staff list, an import and its job', async () => {
    const lamp = { title: 'Brass Desk Lamp', category: 'furniture', price: 24.99, brand: 'Lumo', color: 'yellow', tags: ['lamp', 'brass'], stock: 12 };
    const added = await t.post('/products/add', lamp, ADMIN);
    const list = await t.get('/products?limit=1&skip=0&select=title,price,stock,category,brand,sku,thumbnail&sortBy=id&order=desc');
    const started = await t.post(
      '/products/imports',
      [{ id: 900, title: 'Imported Tote', category: 'bags', price: 3, thumbnail: 'x.png' }, { id: 'bad' }],
      ADMIN,
    );
    const job = async () => (await fetch(`${t.url}/products/imports/${started.body.id}`, { headers: ADMIN })).json() as Promise<{ state: string }>;
    await until(async () => (await job()).state === 'done', 'the import');
    const answers: [string, { status: number; body: unknown }, ContractSchema, unknown][] = [
      ['added', added, product, examples.productExample],
      ['list', list, productList, examples.productListExample],
      ['import started', started, importStarted, examples.importStartedExample],
      ['import job', { status: 200, body: await job() }, importJob, examples.importJobExample],
    ];
    expect(answers.map(([what, answer]) => [what, answer.status])).toEqual([
      ['added', 201],
      ['list', 200],
      ['import started', 202],
      ['import job', 200],
    ]);
    expect(answers.map(([what, answer, schema]) => [what, contractProblem(schema, answer.body)])).toEqual(answers.map(([what]) => [what, null]));
    expect(answers.map(([what, answer]) => [what, fieldsOf(answer.body).sort()])).toEqual(
      answers.map(([what, , , example]) => [what, fieldsOf(example).sort()]),
    );
  });
});
