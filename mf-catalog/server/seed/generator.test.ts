import { COLOR_NAMES, type ProductRecord } from '../products/model.ts';
import { SEED_CATEGORIES } from './vocabulary.ts';
import { generateBatches, generateProduct } from './generator.ts';

const catalogue = (seed: number, count: number): ProductRecord[] => Array.from({ length: count }, (_, i) => generateProduct(seed, i + 1));

describe('seed generator', () => {
  const products = catalogue(20261121, 180);

  it('is deterministic: the same seed gives the same products, another seed others', () => {
    expect(catalogue(20261121, 20)).toEqual(products.slice(0, 20));
    expect(generateProduct(20261121, 1)).toMatchObject({ id: 1, title: 'Dive Watch', category: 'accessories', priceCents: 6799 });
    const other = catalogue(7, 20);
    expect(other.map((p) => p.title)).not.toEqual(products.slice(0, 20).map((p) => p.title));
  });

  it('gives the same products whatever the batch size', async () => {
    const batched: ProductRecord[] = [];
    for await (const batch of generateBatches(20261121, 50, 7)) batched.push(...batch);
    expect(batched).toEqual(products.slice(0, 50));
  });

  it('spreads products evenly over the six categories with unique, plausible titles', () => {
    for (const slug of SEED_CATEGORIES) expect(products.filter((p) => p.category === slug)).toHaveLength(30);
    expect(new Set(products.map((p) => p.title)).size).toBe(180);
    for (const p of products) expect(p.title).toMatch(/^[A-Z0-9][A-Za-z0-9' -]+$/);
  });

  it('covers every shop price range, with many products under $70 and some above', () => {
    const ranges = [
      [0, 999],
      [1000, 1999],
      [2000, 2999],
      [3000, 3999],
      [4000, 6999],
    ];
    for (const [min, max] of ranges) expect(products.filter((p) => p.priceCents >= min! && p.priceCents <= max!).length).toBeGreaterThanOrEqual(5);
    expect(products.filter((p) => p.priceCents < 7000).length).toBeGreaterThanOrEqual(60);
    expect(products.filter((p) => p.priceCents >= 7000).length).toBeGreaterThanOrEqual(20);
  });

  it('keeps every field within its rules', () => {
    const now = Date.parse('2026-11-01T00:00:00.000Z');
    for (const p of products) {
      expect(Number.isInteger(p.priceCents) && p.priceCents > 0).toBe(true);
      expect(p.rating).toBeGreaterThanOrEqual(2.5);
      expect(p.rating).toBeLessThanOrEqual(5);
      expect(Math.round(p.rating * 10) / 10).toBe(p.rating);
      expect(p.discountPercentage).toBeGreaterThanOrEqual(0);
      expect(p.discountPercentage).toBeLessThanOrEqual(40);
      expect(COLOR_NAMES).toContain(p.color);
      expect(p.images.length).toBeGreaterThanOrEqual(3);
      expect(p.thumbnail).toBe(p.images[0]);
      const sentences = p.description.split(/(?<=\.) /);
      expect(sentences.length).toBeGreaterThanOrEqual(2);
      expect(sentences.length).toBeLessThanOrEqual(3);
      const created = Date.parse(p.createdAt);
      expect(created).toBeLessThanOrEqual(now);
      expect(created).toBeGreaterThan(now - 366 * 86_400_000);
      expect(Date.parse(p.updatedAt)).toBeGreaterThanOrEqual(created);
    }
    const stocks = products.map((p) => p.stock);
    expect(stocks).toContain(0);
    expect(stocks).toContain(1);
    expect(stocks.filter((s) => s >= 5 && s <= 100).length).toBeGreaterThan(130);
    expect(new Set(products.map((p) => p.brand)).size).toBe(36);
  });
});
