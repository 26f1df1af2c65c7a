import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { convertProducts, fromCsvRow, pagesFrom } from './dummyjson.ts';

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
  { id: 505, title: 'Odd', category: '!!!', price: 1, thumbnail: 'x.png' },
  { id: -1, title: 'Bad', category: 'bags', price: -5, thumbnail: 'x.png' },
  'not a product',
];

describe('DummyJSON importer', () => {
  it('converts valid records, keeps their categories as slugs and rejects the rest with reasons', () => {
    const now = new Date('2026-01-01T00:00:00.000Z');
    const { records, rejected } = convertProducts(source, { baseUrl: 'https://shop.example.com/api/products', now });
    expect(records).toEqual([
      {
        id: 501,
        title: 'Pocket Radio',
        description: 'A small radio.',
        category: 'smartphones',
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
      expect.objectContaining({ id: 503, category: 'beauty', title: 'Face Cream' }),
    ]);
    expect(rejected.map((r) => r.index)).toEqual([3, 4, 5, 6]);
    expect(rejected[0]!.reason).toMatch(/^title: /);
    expect(rejected[1]!.reason).toMatch(/category '!!!' has no letters or digits/);
    expect(rejected[2]!.reason).toMatch(/id: .*price: /);
  });

  it('makes slugs of category names the way DummyJSON writes them', () => {
    const categories = ['Home Decoration', 'mens_shirts', 'Garden & Patio', '  Skin-Care '].map(
      (category, i) => convertProducts([{ id: i + 1, title: 'T', category, price: 1, thumbnail: 'x.png' }]).records[0]!.category,
    );
    expect(categories).toEqual(['home-decoration', 'mens-shirts', 'garden-and-patio', 'skin-care']);
  });

  it('reads a CSV row as a DummyJSON record: numbers, lists split on |, dates as meta, empty cells left to defaults', () => {
    const row = {
      id: '7',
      title: 'Desk Lamp',
      category: 'Lighting',
      price: '19.90',
      stock: '',
      tags: 'lamp| desk',
      images: 'a.png|b.png',
      createdAt: '2025-01-02',
      rating: 'high',
    };
    expect(fromCsvRow(row)).toEqual({
      id: 7,
      title: 'Desk Lamp',
      category: 'Lighting',
      price: 19.9,
      tags: ['lamp', 'desk'],
      images: ['a.png', 'b.png'],
      rating: 'high',
      meta: { createdAt: '2025-01-02' },
    });
    expect(convertProducts([fromCsvRow(row)]).rejected[0]!.reason).toMatch(/rating: /);
  });

  describe('a DummyJSON-compatible URL', () => {
    let server: Server;
    let base: string;
    const asked: string[] = [];

    beforeAll(async () => {
      // Pages of at most two, whatever limit is asked, as a server with a small cap answers.
      server = createServer((request, response) => {
        asked.push(request.url!);
        const skip = Number(new URL(request.url!, 'http://x').searchParams.get('skip') ?? 0);
        response.setHeader('content-type', 'application/json');
        if (request.url!.startsWith('/broken')) response.statusCode = 500;
        response.end(JSON.stringify({ products: source.slice(skip, skip + 2), total: source.length, skip, limit: 2 }));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });

    afterAll(() => new Promise((resolve) => server.close(resolve)));

    it('is followed page by page with limit and skip until total is reached, and HTTP errors are reported', async () => {
      const pages: unknown[][] = [];
      for await (const page of pagesFrom(`${base}/products`)) pages.push(page);
      expect(pages.flat()).toEqual(source);
      expect(pages.map((page) => page.length)).toEqual([2, 2, 2, 1]);
      expect(asked.slice(0, 2)).toEqual(['/products?limit=100&skip=0', '/products?limit=100&skip=2']);
      await expect(pagesFrom(`${base}/broken`).next()).rejects.toThrow(/answered 500/);
    });
  });
});
