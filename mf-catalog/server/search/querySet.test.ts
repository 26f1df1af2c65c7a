// The query set (querySet.json): what shoppers type and the products they mean, run against the
// catalogue service on SQLite and PostgreSQL over real HTTP. Prints precision at 5 per engine, fails
// when it falls below the committed floor, and requires both engines to answer the same ids.
import type { ColorName, ProductRecord } from '../products/model.ts';
import { BACKENDS, startTestServer, type Backend, type TestServer } from '../testing/harness.ts';
import querySet from './querySet.json';

interface Query {
  query: string;
  kind: string;
  meaning: string;
  expect: number[];
  prefix?: boolean;
  typos?: boolean;
}

const RANKED = 5;

/** A product of the set's own small catalogue, completed with what the shop needs besides words. */
function record(product: (typeof querySet.catalogue)[number]): ProductRecord {
  const at = '2026-11-20T10:00:00.000Z';
  const image = `products/${product.id}/1.svg`;
  return {
    ...product,
    color: product.color as ColorName,
    stock: 10,
    sku: `RU-${product.id}`,
    tags: [product.category],
    thumbnail: image,
    images: [image],
    createdAt: at,
    updatedAt: at,
  };
}

function searchPath(query: Query): string {
  const params = new URLSearchParams({ q: query.query, match: 'words', limit: '10', select: 'title' });
  if (query.prefix) params.set('prefix', 'on');
  if (query.typos === false) params.set('typos', 'off');
  return `/products/search?${params}`;
}

/**
 * Of the first five answers, the share the shopper meant (out of five, or of all they meant when
 * fewer); a query meaning nothing scores 1 for an empty answer and 0 otherwise.
 */
function precisionAt5(expected: readonly number[], answered: readonly number[]): number {
  if (expected.length === 0) return answered.length === 0 ? 1 : 0;
  const meant = new Set(expected);
  const top = answered.slice(0, RANKED);
  return top.filter((id) => meant.has(id)).length / Math.min(RANKED, expected.length);
}

const queries = querySet.queries as Query[];
const answers = new Map<Backend, number[][]>();

describe.each(BACKENDS)('the query set on %s', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(backend);
    await server.server.store.upsertProducts(querySet.catalogue.map(record));
  });

  afterAll(async () => {
    await server.close();
  });

  test(`precision at ${RANKED} stays at or above the committed floor (${querySet.precisionAt5Floor})`, async () => {
    const answered: number[][] = [];
    const misses: string[] = [];
    let sum = 0;
    for (const query of queries) {
      const { status, body } = await server.get(searchPath(query));
      expect(status).toBe(200);
      const ids = (body.products as { id: number }[]).map((product) => product.id);
      answered.push(ids);
      const precision = precisionAt5(query.expect, ids);
      sum += precision;
      if (precision < 1) misses.push(`  ${query.query} (${query.kind}): ${precision.toFixed(2)}, answered ${ids.slice(0, RANKED).join(', ') || 'nothing'}`);
    }
    answers.set(backend, answered);
    const precision = sum / queries.length;
    console.log(
      `query set on ${backend}: precision at ${RANKED} ${precision.toFixed(3)} over ${queries.length} queries${misses.length ? `; below 1:\n${misses.join('\n')}` : ''}`,
    );
    expect(precision).toBeGreaterThanOrEqual(querySet.precisionAt5Floor);
  });
});

test('both engines answer every query with the same products in the same order', () => {
  expect([...answers.keys()]).toEqual(BACKENDS);
  const [first, ...others] = BACKENDS;
  for (const backend of others) expect(answers.get(backend)).toEqual(answers.get(first!));
});
