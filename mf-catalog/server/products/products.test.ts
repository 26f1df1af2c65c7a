import { BACKENDS, startTestServer, type TestServer } from '../testing/harness.ts';

interface Product {
  id: number;
  title: string;
  description: string;
  category: string;
  brand: string;
  color: string;
  price: number;
  rating: number;
  discountPercentage: number;
  stock: number;
  images: string[];
  thumbnail: string;
  meta: { createdAt: string; updatedAt: string };
  [key: string]: unknown;
}

const ids = (products: { id: number }[]) => products.map((p) => p.id);

describe.each(BACKENDS)('catalogue API on %s', (backend) => {
  let t: TestServer;
  let all: Product[];

  beforeAll(async () => {
    t = await startTestServer(backend);
    const { body } = await t.get('/products?limit=0');
    all = body.products;
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('listing', () => {
    it('answers the DummyJSON envelope with 30 products by default, in id order', async () => {
      const { status, body, headers } = await t.get('/products');
      expect(status).toBe(200);
      expect(Object.keys(body).sort()).toEqual(['limit', 'products', 'skip', 'total']);
      expect(body.total).toBe(180);
      expect(body.skip).toBe(0);
      expect(body.limit).toBe(30);
      expect(ids(body.products)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      expect(headers.get('cache-control')).toBe('public, max-age=60');
    });

    it('returns the whole catalogue for limit=0 and pages with limit and skip', async () => {
      expect(all).toHaveLength(180);
      const { body } = await t.get('/products?limit=12&skip=170');
      expect(body).toMatchObject({ total: 180, skip: 170, limit: 10 });
      expect(ids(body.products)).toEqual(ids(all.slice(170)));
      const past = await t.get('/products?skip=500');
      expect(past.body).toMatchObject({ products: [], total: 180, skip: 500, limit: 0 });
    });

    it('gives every product the full shape with prices in dollars and image URLs under the public base', () => {
      const p = all[0]!;
      expect(p.id).toBe(1);
      for (const field of ['title', 'description', 'category', 'brand', 'sku', 'color', 'availabilityStatus', 'thumbnail']) {
        expect(typeof p[field]).toBe('string');
      }
      expect(Number.isInteger(Math.round(p.price * 100))).toBe(true);
      expect(Math.abs(p.price * 100 - Math.round(p.price * 100))).toBeLessThan(1e-6);
      expect(p.images.length).toBeGreaterThanOrEqual(3);
      expect(p.thumbnail).toMatch(/^\/api\/catalog\/images\/products\/1\/[a-z]+-[a-z]+-1\.svg$/);
      expect(Array.isArray(p.tags)).toBe(true);
      expect(new Date(p.meta.createdAt).toISOString()).toBe(p.meta.createdAt);
    });

    it('keeps only id and the selected fields with select', async () => {
      const { body } = await t.get('/products?limit=2&select=title,price');
      expect(body.products).toEqual(all.slice(0, 2).map((p) => ({ id: p.id, title: p.title, price: p.price })));
      const one = await t.get('/products/3?select=brand, meta');
      expect(one.body).toEqual({ id: 3, brand: all[2]!.brand, meta: all[2]!.meta });
    });

    it.each([
      ['price', 'asc', (a: Product, b: Product) => a.price - b.price || a.id - b.id],
      ['price', 'desc', (a: Product, b: Product) => b.price - a.price || b.id - a.id],
      ['rating', 'desc', (a: Product, b: Product) => b.rating - a.rating || b.id - a.id],
      ['createdAt', 'desc', (a: Product, b: Product) => b.meta.createdAt.localeCompare(a.meta.createdAt) || b.id - a.id],
      ['discountPercentage', 'desc', (a: Product, b: Product) => b.discountPercentage - a.discountPercentage || b.id - a.id],
      [
        'title',
        'asc',
        (a: Product, b: Product) => (a.title.toLowerCase() < b.title.toLowerCase() ? -1 : a.title.toLowerCase() > b.title.toLowerCase() ? 1 : a.id - b.id),
      ],
      ['id', 'desc', (a: Product, b: Product) => b.id - a.id],
    ])('sorts by %s %s', async (sortBy, order, compare) => {
      const { body } = await t.get(`/products?sortBy=${sortBy}&order=${order}&limit=0`);
      expect(ids(body.products)).toEqual(ids([...all].sort(compare)));
    });

    it('sorts ascending when only sortBy is given', async () => {
      const { body } = await t.get('/products?sortBy=price&limit=5');
      expect(ids(body.products)).toEqual(ids([...all].sort((a, b) => a.price - b.price || a.id - b.id).slice(0, 5)));
    });
  });

  describe('single product', () => {
    it('answers a product by id', async () => {
      const { status, body } = await t.get('/products/7');
      expect(status).toBe(200);
      expect(body).toEqual(all[6]);
    });

    it("answers 404 with DummyJSON's message for an unknown id", async () => {
      const { status, body } = await t.get('/products/9999');
      expect(status).toBe(404);
      expect(body).toEqual({ message: "Product with id '9999' not found" });
    });
  });

  describe('several products by id in one request', () => {
    it('answers exactly those, in the order asked, leaving unknown ids out', async () => {
      const { status, body } = await t.get('/products?ids=21,3,9999,8,3&select=title,price');
      expect(status).toBe(200);
      expect(body).toEqual({
        products: [21, 3, 8].map((id) => ({ id, title: all[id - 1]!.title, price: all[id - 1]!.price })),
        total: 3,
        skip: 0,
        limit: 3,
      });
    });

    it.each([
      ['/products?ids=1,x', /'ids' must list positive whole numbers \(got 'x'\)/],
      [`/products?ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`, /'ids' may list at most 100 product ids/],
      ['/products?ids=1,2&category=bags', /'ids' names the products itself: combine it only with 'select'/],
    ])('refuses %s with a clear 400', async (url, message) => {
      const { status, body } = await t.get(url);
      expect(status).toBe(400);
      expect((body as { message: string }).message).toMatch(message);
    });
  });

  describe('bad input', () => {
    it.each([
      ['/products?limit=-1', /'limit' must be a whole number from 0 to 1000 \(got '-1'\)/],
      ['/products?limit=abc', /'limit'.*got 'abc'/],
      ['/products?limit=1.5', /'limit'/],
      ['/products?limit=10001', /'limit'/],
      ['/products?skip=99999999999999999999', /'skip' must be a whole number/],
      ['/products?skip=-3', /'skip'/],
      ['/products?order=sideways', /'order' must be one of asc, desc \(got 'sideways'\)/],
      ['/products?sortBy=weight', /'sortBy' must be one of id, title, price, rating, createdAt, discountPercentage/],
      ['/products?select=title,secret', /'select' has unknown field secret/],
      ['/products?category=Toys!', /'category' must be a category slug: lower-case letters and digits in words joined by hyphens/],
      ['/products?color=octarine', /'color' must be one of/],
      ['/products?minPrice=cheap', /'minPrice' must be an amount in dollars/],
      ['/products?minPrice=30&maxPrice=10', /'minPrice' must not be greater than 'maxPrice'/],
      ['/products?facets=maybe', /'facets' must be 1, true, 0 or false/],
      ['/products?limit=1&limit=2', /'limit' must be given once/],
      [`/products/search?q=${'x'.repeat(101)}`, /'q' must be at most 100 characters/],
      ['/products/abc', /Invalid product id 'abc'/],
      ['/products/0', /Invalid product id '0'/],
      ['/products/1?select=nope', /'select' has unknown field nope/],
    ])('%s answers 400 with a clear message', async (path, message) => {
      const { status, body } = await t.get(path);
      expect(status).toBe(400);
      expect(body.message).toMatch(message);
    });

    it('reports every bad value at once', async () => {
      const { body } = await t.get('/products?limit=x&order=up');
      expect(body.message).toMatch(/'limit'.*; 'order'/);
    });

    it('treats empty parameters as not given and ignores unknown ones', async () => {
      const { status, body } = await t.get('/products?brand=&category=&limit=&utm_source=mail');
      expect(status).toBe(200);
      expect(body).toMatchObject({ total: 180, limit: 30 });
    });

    it('answers unknown routes with a JSON 404', async () => {
      const { status, body } = await t.get('/nothing/here');
      expect(status).toBe(404);
      expect(body).toEqual({ message: 'Route GET /nothing/here not found' });
    });
  });

  describe('search', () => {
    // DummyJSON's search: a case-insensitive substring of the title or of the description.
    const titled = (text: string) =>
      all.filter((p) => p.title.toLowerCase().includes(text.toLowerCase()) || p.description.toLowerCase().includes(text.toLowerCase()));

    it.each(['chair', 'CHAIR', 'ChAiR', 'air', 'e c', 'ss', 'a', 'Noise-Cancelling', 'Lounge Chair', 'pleasure to use', 'POCKET'])(
      'matches %p as a case-insensitive substring of the title or the description',
      async (q) => {
        const { body } = await t.get(`/products/search?q=${encodeURIComponent(q)}&limit=0`);
        expect(body.total).toBe(titled(q).length);
        expect(ids(body.products)).toEqual(ids(titled(q)));
      },
    );

    it('does not match text that runs from the title on into the description', async () => {
      const product = all[0]!;
      const across = `${product.title.slice(-3)} ${product.description.slice(0, 3)}`;
      const { body } = await t.get(`/products/search?q=${encodeURIComponent(across)}&limit=0`);
      expect(body.total).toBe(titled(across).length);
      expect(ids(body.products)).not.toContain(product.id);
    });

    it('finds nothing for text no product holds, including LIKE and FTS syntax', async () => {
      for (const q of ['zzzz', '%', '_', '"', 'chair"', 'NEAR(a b)', '*']) {
        const { status, body } = await t.get(`/products/search?q=${encodeURIComponent(q)}`);
        expect(status).toBe(200);
        expect(body.total).toBe(titled(q).length);
      }
    });

    it('answers everything for an empty query and pages, sorts and selects results', async () => {
      expect((await t.get('/products/search?q=')).body.total).toBe(180);
      const expected = [...titled('a')].sort((a, b) => b.price - a.price || b.id - a.id);
      const { body } = await t.get('/products/search?q=a&sortBy=price&order=desc&limit=5&skip=2&select=price');
      expect(body.total).toBe(expected.length);
      expect(body.products).toEqual(expected.slice(2, 7).map((p) => ({ id: p.id, price: p.price })));
      const newestFirst = await t.get('/products/search?q=Chair&order=desc&skip=1&limit=2');
      expect(newestFirst.body).toMatchObject({ total: titled('chair').length, skip: 1, limit: 2 });
      expect(ids(newestFirst.body.products)).toEqual(ids(titled('chair').reverse().slice(1, 3)));
    });
  });

  describe('shop filters and facets', () => {
    const inRange = (p: Product, min: number, max: number) => p.price >= min && p.price <= max;

    it('filters by category, brand, colour and price together with sorting', async () => {
      const brand = all.find((p) => p.category === 'furniture')!.brand;
      const expected = all.filter((p) => p.category === 'furniture' && p.brand === brand).sort((a, b) => b.rating - a.rating || b.id - a.id);
      const { body } = await t.get(`/products?category=furniture&brand=${encodeURIComponent(brand)}&sortBy=rating&order=desc&limit=0`);
      expect(body.total).toBe(expected.length);
      expect(ids(body.products)).toEqual(ids(expected));

      const byColor = await t.get('/products?color=blue&minPrice=10&maxPrice=199.99&limit=0');
      expect(ids(byColor.body.products)).toEqual(ids(all.filter((p) => p.color === 'blue' && inRange(p, 10, 199.99))));

      const searched = await t.get('/products/search?q=e&category=bags&maxPrice=69.99&sortBy=createdAt&order=desc&limit=0');
      const expectedSearch = all
        .filter((p) => (p.title.toLowerCase().includes('e') || p.description.includes('e')) && p.category === 'bags' && p.price <= 69.99)
        .sort((a, b) => b.meta.createdAt.localeCompare(a.meta.createdAt) || b.id - a.id);
      expect(ids(searched.body.products)).toEqual(ids(expectedSearch));
    });

    it("has products in each of the spec's five price ranges, bounds inclusive", async () => {
      for (const [min, max] of [
        [0, 9.99],
        [10, 19.99],
        [20, 29.99],
        [30, 39.99],
        [40, 69.99],
      ] as const) {
        const { body } = await t.get(`/products?minPrice=${min}&maxPrice=${max}&limit=0`);
        const expected = all.filter((p) => inRange(p, min, max));
        expect(expected.length).toBeGreaterThan(0);
        expect(ids(body.products)).toEqual(ids(expected));
      }
      const exact = all[0]!.price;
      const { body } = await t.get(`/products?minPrice=${exact}&maxPrice=${exact}&limit=0`);
      expect(ids(body.products)).toContain(1);
    });

    it('counts facets over the other filters', async () => {
      const { body } = await t.get('/products?category=clothing&color=red&facets=1&limit=1');
      const { facets } = body;
      const red = all.filter((p) => p.color === 'red');
      const clothing = all.filter((p) => p.category === 'clothing');
      expect(facets.categories).toEqual(
        ['accessories', 'bags', 'clothing', 'electronics', 'furniture', 'home-appliances'].map((slug) =>
          expect.objectContaining({ slug, count: red.filter((p) => p.category === slug).length }),
        ),
      );
      expect(facets.categories[5]).toEqual({ slug: 'home-appliances', name: 'Home Appliances', count: expect.any(Number) });
      for (const c of facets.colors) expect(c.count).toBe(clothing.filter((p) => p.color === c.name).length);
      const redClothing = clothing.filter((p) => p.color === 'red');
      expect(facets.brands.reduce((sum: number, b: { count: number }) => sum + b.count, 0)).toBe(redClothing.length);
      expect(facets.brands.map((b: { name: string }) => b.name)).toEqual([...new Set(redClothing.map((p) => p.brand))].sort());
      expect(facets.priceRanges.map((r: { label: string }) => r.label)).toEqual([
        '$0.00-$9.99',
        '$10.00-$19.99',
        '$20.00-$29.99',
        '$30.00-$39.99',
        '$40.00-$69.99',
      ]);
      expect(facets.priceRanges.map((r: { count: number }) => r.count)).toEqual(
        [
          [0, 9.99],
          [10, 19.99],
          [20, 29.99],
          [30, 39.99],
          [40, 69.99],
        ].map(([min, max]) => redClothing.filter((p) => inRange(p, min!, max!)).length),
      );
      expect(body.total).toBe(redClothing.length);
    });

    it('keeps facet counts independent of the selected price range', async () => {
      const { body } = await t.get('/products?minPrice=0&maxPrice=9.99&facets=1&limit=1');
      expect(body.facets.priceRanges[1].count).toBe(all.filter((p) => inRange(p, 10, 19.99)).length);
      expect(body.facets.categories.reduce((sum: number, c: { count: number }) => sum + c.count, 0)).toBe(body.total);
    });
  });

  describe('categories', () => {
    it('lists the categories the products carry, by slug, the header menu’s six marked with their position', async () => {
      const { body, headers } = await t.get('/products/categories');
      expect(body).toEqual([
        { slug: 'accessories', name: 'Accessories', url: '/api/catalog/products/category/accessories', menu: 1 },
        { slug: 'bags', name: 'Bags', url: '/api/catalog/products/category/bags', menu: 5 },
        { slug: 'clothing', name: 'Clothing', url: '/api/catalog/products/category/clothing', menu: 4 },
        { slug: 'electronics', name: 'Electronics', url: '/api/catalog/products/category/electronics', menu: 3 },
        { slug: 'furniture', name: 'Furniture', url: '/api/catalog/products/category/furniture', menu: 2 },
        { slug: 'home-appliances', name: 'Home Appliances', url: '/api/catalog/products/category/home-appliances', menu: 6 },
      ]);
      expect(headers.get('cache-control')).toMatch(/^public/);
      expect((await t.get('/products/category-list')).body).toEqual(['accessories', 'bags', 'clothing', 'electronics', 'furniture', 'home-appliances']);
    });

    it('follows the data: a product of a new category adds it everywhere at once, and removing it takes it away', async () => {
      const [template] = await t.server.store.getProducts([1]);
      await t.server.store.upsertProducts([{ ...template!, id: 9_000_001, category: 'garden-and-patio', title: 'Cedar Planter' }]);
      try {
        const categories = (await t.get('/products/categories')).body;
        expect(categories).toContainEqual({ slug: 'garden-and-patio', name: 'Garden And Patio', url: '/api/catalog/products/category/garden-and-patio' });
        expect((await t.get('/products/category-list')).body).toContain('garden-and-patio');
        const listed = (await t.get('/products/category/garden-and-patio')).body;
        expect(listed).toMatchObject({ total: 1, products: [{ id: 9_000_001, category: 'garden-and-patio' }] });
        const facets = (await t.get('/products?facets=1&limit=1')).body.facets;
        expect(facets.categories).toContainEqual({ slug: 'garden-and-patio', name: 'Garden And Patio', count: 1 });
      } finally {
        await t.server.store.deleteProduct(9_000_001);
      }
      expect((await t.get('/products/category-list')).body).not.toContain('garden-and-patio');
    });

    it('lists one category with paging, sorting and filters', async () => {
      const expected = all.filter((p) => p.category === 'home-appliances');
      const { body } = await t.get('/products/category/home-appliances?limit=4&skip=2');
      expect(body).toMatchObject({ total: expected.length, skip: 2, limit: 4 });
      expect(ids(body.products)).toEqual(ids(expected.slice(2, 6)));
      const cheap = await t.get('/products/category/home-appliances?maxPrice=40&limit=0');
      expect(ids(cheap.body.products)).toEqual(ids(expected.filter((p) => p.price <= 40)));
    });

    it('answers a category nobody carries with an empty listing, as DummyJSON does, and a malformed slug with 404', async () => {
      const empty = await t.get('/products/category/toys');
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual({ products: [], total: 0, skip: 0, limit: 0 });
      const { status, body } = await t.get('/products/category/Toys!');
      expect(status).toBe(404);
      expect(body).toEqual({ message: "Category 'Toys!' not found" });
    });
  });
});
