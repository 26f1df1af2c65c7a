import type { CartItem, CartProduct } from '../cart/schema.ts';

export function product(overrides: Partial<CartProduct> = {}): CartProduct {
  return {
    id: 1,
    title: 'Leather Tote',
    price: 19.99,
    thumbnail: '/images/tote.webp',
    stock: 5,
    brand: 'Northwind',
    discountPercentage: 12.5,
    ...overrides,
  };
}

export function item(overrides: Partial<CartItem> = {}): CartItem {
  return { ...product(), qun: 1, ...overrides };
}

/** A Storage kept in memory, for the stores' tests (what localStorage or sessionStorage holds). */
export function memoryStorage(initial: Record<string, string> = {}): Storage {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
    clear: () => values.clear(),
    key: () => null,
    get length() {
      return values.size;
    },
  };
}
