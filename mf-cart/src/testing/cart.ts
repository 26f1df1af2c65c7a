import { act } from '@testing-library/react';
import { cart, coupon, language, type CartItem } from 'shared-events';

export function item(overrides: Partial<CartItem> = {}): CartItem {
  return {
    id: 1,
    title: 'Leather Tote',
    price: 19.99,
    thumbnail: '/images/tote.svg',
    stock: 5,
    brand: 'Northwind',
    discountPercentage: 0,
    qun: 1,
    ...overrides,
  };
}

/** Puts the page's shared cart into a known state, as the catalogue or another tab would. */
export function seedCart(items: readonly CartItem[]): void {
  act(() => cart.replace(items));
}

export function resetShared(): void {
  act(() => {
    cart.clear();
    coupon.clear();
    language.set('en');
  });
  localStorage.clear();
  sessionStorage.clear();
}

export function storedCart(): unknown {
  return JSON.parse(localStorage.getItem('cart') ?? 'null');
}
