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
