import type { ListParams } from '../api/client.ts';

/** Fields a home card needs (and the cart needs when it adds from one). */
export const HOME_CARD_FIELDS = ['id', 'title', 'price', 'discountPercentage', 'rating', 'stock', 'brand', 'category', 'color', 'thumbnail'] as const;

/** New Arrivals are the newest products, Our Bestsellers the best rated, Special Offers the biggest discounts. */
export const HOME_SECTIONS = {
  newArrivals: { sortBy: 'createdAt', order: 'desc', limit: 10, select: HOME_CARD_FIELDS },
  bestsellers: { sortBy: 'rating', order: 'desc', limit: 4, select: HOME_CARD_FIELDS },
  specialOffers: { sortBy: 'discountPercentage', order: 'desc', limit: 4, select: HOME_CARD_FIELDS },
} as const satisfies Record<string, ListParams>;
