import { generateProduct } from '../seed/generator.ts';
import type { ProductChangeListener, ProductRepository } from '../storage/repository.ts';
import { PRODUCT_FIELDS, type ProductField, type ProductRecord } from './model.ts';
import { presentProduct } from './present.ts';
import { ProductJson, ProductJsonCache } from './productJson.ts';

const records: ProductRecord[] = Array.from({ length: 60 }, (_, i) => generateProduct(7, i + 1));

describe('ProductJson', () => {
  const withoutOptional: ProductRecord = { ...records[0]!, brand: null, color: null, images: ['https://cdn.example.com/a.png'] };

  it.each<[string, readonly ProductField[] | null]>([
    ['everything', null],
    ['a few fields', ['title', 'price']],
    ['fields out of order, with id and duplicates', ['stock', 'id', 'title', 'stock', 'meta']],
    ['optional fields that may be absent', ['brand', 'color', 'images']],
    ['every field', PRODUCT_FIELDS],
  ])('renders %s byte for byte as JSON.stringify(presentProduct(...))', (_name, select) => {
    for (const record of [...records, withoutOptional]) {
      const product = new ProductJson(record, '/api/catalog');
      expect(product.render(select)).toBe(JSON.stringify(presentProduct(record, '/api/catalog', select)));
    }
  });

  it('has an entity tag that changes with the content', () => {
    const a = new ProductJson(records[0]!, '/x');
    expect(a.etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(new ProductJson(records[0]!, '/x').etag).toBe(a.etag);
    expect(new ProductJson({ ...records[0]!, stock: records[0]!.stock + 1 }, '/x').etag).not.toBe(a.etag);
  });
});

/** An in-memory repository whose reads can be held back, to interleave them with writes. */
function fakeRepository() {
  const data = new Map(records.map((record) => [record.id, { ...record }]));
  const listeners: ProductChangeListener[] = [];
  let gate: Promise<void> | null = null;
  let reads = 0;
  let cardReads = 0;
  const repository = {
    async getProduct(id: number) {
      reads++;
      const snapshot = data.get(id) ? { ...data.get(id)! } : null;
      if (gate) await gate;
      return snapshot;
    },
    async getProducts(ids: readonly number[]) {
      reads++;
      const snapshot = ids.flatMap((id) => (data.get(id) ? [{ ...data.get(id)! }] : []));
      if (gate) await gate;
      return snapshot;
    },
    async getProductCards(ids: readonly number[]) {
      reads++;
      cardReads++;
      return ids.flatMap((id) => {
        const record = data.get(id);
        if (!record) return [];
        const { id: _, title, description, category, brand, color, priceCents, discountPercentage, rating, stock, thumbnail } = record;
        return [{ id, title, description, category, brand, color, priceCents, discountPercentage, rating, stock, thumbnail }];
      });
    },
    onProductsChanged(listener: ProductChangeListener) {
      listeners.push(listener);
    },
  } as unknown as ProductRepository;
  return {
    repository,
    reads: () => reads,
    cardReads: () => cardReads,
    setStock(id: number, stock: number) {
      data.get(id)!.stock = stock;
      for (const listener of listeners) listener([id], 'stock');
    },
    hold() {
      let open!: () => void;
      gate = new Promise((resolve) => (open = resolve));
      return () => {
        gate = null;
        open();
      };
    },
  };
}

const stockOf = (product: ProductJson | null): number => JSON.parse(product!.json).stock;

describe('ProductJsonCache', () => {
  it('reads a product once, then serves it from memory until it changes', async () => {
    const fake = fakeRepository();
    const cache = new ProductJsonCache(fake.repository, '/api', { maxEntries: 100, ttlMs: 60_000 });
    expect(stockOf(await cache.one(3))).toBe(records[2]!.stock);
    await cache.one(3);
    await cache.many([3, 4, 5]);
    await cache.many([5, 4, 3]);
    expect(fake.reads()).toBe(2);
    fake.setStock(3, 9999);
    expect(stockOf(await cache.one(3))).toBe(9999);
    expect((await cache.many([4, 3])).map((p) => p.id)).toEqual([4, 3]);
    expect(JSON.parse((await cache.many([3]))[0]!.json).stock).toBe(9999);
  });

  it('reads a page of cards as cards, the same JSON as whole products give, and reads the whole product for its page', async () => {
    const fake = fakeRepository();
    const cache = new ProductJsonCache(fake.repository, '/api', { maxEntries: 100, ttlMs: 60_000 });
    const card: ProductField[] = ['title', 'price', 'stock', 'brand', 'color', 'thumbnail', 'availabilityStatus'];
    const page = await cache.many([5, 6, 7], card);
    expect(fake.cardReads()).toBe(1);
    expect(page.map((product) => product.render(card))).toEqual([5, 6, 7].map((id) => JSON.stringify(presentProduct(records[id - 1]!, '/api', card))));
    await cache.many([7, 6], card);
    expect(fake.reads()).toBe(1);
    // The product page and fields a card does not hold need the whole product: read once, then kept.
    expect(JSON.parse((await cache.one(6))!.json)).toEqual(JSON.parse(JSON.stringify(presentProduct(records[5]!, '/api'))));
    expect((await cache.many([5, 6], ['tags']))[0]!.render(['tags'])).toBe(JSON.stringify(presentProduct(records[4]!, '/api', ['tags'])));
    expect(fake.reads()).toBe(3);
    await cache.many([5, 6], ['images']);
    await cache.many([5, 6], card);
    expect(fake.reads()).toBe(3);
  });

  it('answers null or leaves out ids without a product', async () => {
    const cache = new ProductJsonCache(fakeRepository().repository, '/api', { maxEntries: 100, ttlMs: 60_000 });
    expect(await cache.one(12345)).toBeNull();
    expect((await cache.many([2, 12345, 1])).map((p) => p.id)).toEqual([2, 1]);
  });

  it('does not keep what a read saw when a change happened while it was in flight', async () => {
    const fake = fakeRepository();
    const cache = new ProductJsonCache(fake.repository, '/api', { maxEntries: 100, ttlMs: 60_000 });
    const release = fake.hold();
    const single = cache.one(8);
    const page = cache.many([8, 9]);
    fake.setStock(8, 4242);
    release();
    expect(stockOf(await single)).toBe(records[7]!.stock); // that request raced the change
    await page;
    expect(stockOf(await cache.one(8))).toBe(4242); // but nothing stale was kept
    expect(JSON.parse((await cache.many([8]))[0]!.json).stock).toBe(4242);
  });

  it('shares one read between concurrent requests for the same cold product', async () => {
    const fake = fakeRepository();
    const cache = new ProductJsonCache(fake.repository, '/api', { maxEntries: 100, ttlMs: 60_000 });
    const release = fake.hold();
    // A cold product: every call answers with the one promise of the read under way.
    const reads = Array.from({ length: 20 }, () => cache.one(11) as Promise<unknown>);
    release();
    expect(new Set(await Promise.all(reads)).size).toBe(1);
    expect(fake.reads()).toBe(1);
  });

  it('forgets products after ttlMs and keeps nothing when turned off', async () => {
    const fake = fakeRepository();
    const short = new ProductJsonCache(fake.repository, '/api', { maxEntries: 100, ttlMs: 20 });
    await short.one(1);
    await new Promise((resolve) => setTimeout(resolve, 40));
    await short.one(1);
    expect(fake.reads()).toBe(2);
    const off = new ProductJsonCache(fake.repository, '/api', { maxEntries: 0, ttlMs: 60_000 });
    await off.one(1);
    await off.one(1);
    await off.many([1, 2]);
    expect(fake.reads()).toBe(5);
  });

  it('does not let one huge page push the hot products out', async () => {
    const fake = fakeRepository();
    const cache = new ProductJsonCache(fake.repository, '/api', { maxEntries: 10, ttlMs: 60_000 });
    await cache.many([1, 2, 3]);
    const huge = Array.from({ length: 300 }, (_, i) => i + 1);
    expect(await cache.many(huge)).toHaveLength(records.length);
    const before = fake.reads();
    await cache.many([1, 2, 3]);
    expect(fake.reads()).toBe(before);
  });
});
