import type { Product } from '../api/schemas.ts';
import { originalPrice } from '../product/pricing.ts';

/** A row of the comparison: what each product has (null: not given), and whether they differ. */
export type CompareRow = {
  readonly key: 'brand' | 'price' | 'originalPrice' | 'rating' | 'category' | 'stock' | 'color' | 'description';
  readonly values: readonly (string | number | null)[];
  readonly differs: boolean;
};

/** The facts shown side by side, in the page's order (image and title head each column). */
export function compareRows(products: readonly Product[]): CompareRow[] {
  const rows: Omit<CompareRow, 'differs'>[] = [
    { key: 'brand', values: products.map((p) => p.brand || null) },
    { key: 'price', values: products.map((p) => p.price) },
    { key: 'originalPrice', values: products.map((p) => originalPrice(p.price, p.discountPercentage)) },
    { key: 'rating', values: products.map((p) => Math.round(p.rating * 10) / 10) },
    { key: 'category', values: products.map((p) => p.category || null) },
    { key: 'stock', values: products.map((p) => p.stock) },
    { key: 'color', values: products.map((p) => p.color || null) },
    { key: 'description', values: products.map((p) => p.description || null) },
  ];
  // With one product nothing differs; with several, any value unlike the first marks the row.
  return rows.map((row) => ({ ...row, differs: row.values.some((value) => value !== row.values[0]) }));
}
