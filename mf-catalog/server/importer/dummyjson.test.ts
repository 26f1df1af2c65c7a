import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { convertProducts, loadSource } from './dummyjson.ts';

// Invented records in DummyJSON's shape.
const source = [
  {
    id: 501,
    title: 'Pocket Radio',
    description: 'A small radio.',
    category: 'smartphones',
    price: 24.5,
    discountPercentage: 12.25,
    rating: 4.31,
    stock: 8,
    brand: 'Testbrand',
    tags: ['audio'],
    thumbnail: 'https://img.example.com/501/thumb.png',
    images: ['https://img.example.com/501/1.png'],
    meta: { createdAt: '2025-02-03T04:05:06Z', updatedAt: '2025-03-03T04:05:06.000Z' },
    reviews: [{ rating: 5 }],
  },
  { id: 502, title: 'Garden Bench', category: 'Furniture', price: 120, thumbnail: 'img/502.png', color: 'Green' },
  { id: 503, title: 'Face Cream', category: 'beauty', price: 9, thumbnail: 'x.png' },
  { id: 504, category: 'bags', price: 9, thumbnail: 'x.png' },
  { id: -1, title: 'Bad', category: 'bags', price: -5, thumbnail: 'x.png' },
  'not a product',
];

describe('DummyJSON importer', () => {
  it('converts valid records, maps categories and rejects the rest with reasons', () => {
    const now = new Date('2026-01-01T00:00:00.000Z');
    const { records, rejected } = convertProducts(source, { baseUrl: 'https://shop.example.com/api/products', now });
    expect(records).toEqual([
      {
        id: 501,
        title: 'Pocket Radio',
        description: 'A small radio.',
        category: 'electronics',
        brand: 'Testbrand',
        color: null,
        priceCents: 2450,
        discountPercentage: 12.25,
        rating: 4.31,
        stock: 8,
        sku: 'IMP-000501',
        tags: ['audio'],
        thumbnail: 'https://img.example.com/501/thumb.png',
        images: ['https://img.example.com/501/1.png'],
        createdAt: '2025-02-03T04:05:06.000Z',
        updatedAt: '2025-03-03T04:05:06.000Z',
      },
      expect.objectContaining({
        id: 502,
        category: 'furniture',
        color: 'green',
        brand: null,
        stock: 0,
        thumbnail: 'https://shop.example.com/api/img/502.png',
        images: ['https://shop.example.com/api/img/502.png'],
        createdAt: '2026-01-01T00:00:00.000Z',
      }),
    ]);
    expect(rejected.map((r) => r.index)).toEqual([2, 3, 4, 5]);
    expect(rejected[0]!.reason).toMatch(/category 'beauty'/);
    expect(rejected[1]!.reason).toMatch(/^title: /);
    expect(rejected[2]!.reason).toMatch(/id: .*price: /);
  });

  describe('sources', () => {
    let dir: string;
    let server: Server;
    let base: string;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'catalog-import-'));
      // Pages of two, the way DummyJSON pages with limit and skip.
      server = createServer((request, response) => {
        const skip = Number(new URL(request.url!, 'http://x').searchParams.get('skip') ?? 0);
        response.setHeader('content-type', 'application/json');
        if (request.url!.startsWith('/broken')) response.statusCode = 500;
        response.end(JSON.stringify({ products: source.slice(skip, skip + 2), total: source.length, skip, limit: 2 }));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });

    afterAll(async () => {
      rmSync(dir, { recursive: true, force: true });
      await new Promise((resolve) => server.close(resolve));
    });

    it('reads a file holding {products} or a bare array', async () => {
      writeFileSync(join(dir, 'envelope.json'), JSON.stringify({ products: source }));
      writeFileSync(join(dir, 'array.json'), JSON.stringify(source.slice(0, 2)));
      expect(await loadSource(join(dir, 'envelope.json'))).toEqual(source);
      expect(await loadSource(join(dir, 'array.json'))).toHaveLength(2);
      writeFileSync(join(dir, 'other.json'), JSON.stringify({ items: [] }));
      await expect(loadSource(join(dir, 'other.json'))).rejects.toThrow(/neither \{products:\[\.\.\.\]\} nor an array/);
    });

    it('follows a paged URL until total is reached, and reports HTTP errors', async () => {
      expect(await loadSource(`${base}/products`)).toEqual(source);
      await expect(loadSource(`${base}/broken`)).rejects.toThrow(/answered 500/);
    });
  });
});
