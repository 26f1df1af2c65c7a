import { PRODUCT_FIELDS, type CardReadField, type ProductCard, type ProductField, type ProductRecord } from './model.ts';

/** Stored image paths are relative to the public base; absolute URLs (from imports) pass through. */
export function publicUrl(base: string, stored: string): string {
  return /^([a-z][a-z0-9+.-]*:|\/)/i.test(stored) ? stored : `${base}/${stored}`;
}

function availability(stock: number): string {
  if (stock === 0) return 'Out of Stock';
  return stock < 10 ? 'Low Stock' : 'In Stock';
}

type Presenter<R> = (p: R, imageBase: string) => unknown;

/** The fields of the DummyJSON shape a card answers, from a card or a whole record (undefined: left out). */
const CARD_PRESENTERS: { readonly [F in CardReadField]: Presenter<ProductCard> } = {
  id: (p) => p.id,
  title: (p) => p.title,
  description: (p) => p.description,
  category: (p) => p.category,
  price: (p) => p.priceCents / 100,
  discountPercentage: (p) => p.discountPercentage,
  rating: (p) => p.rating,
  stock: (p) => p.stock,
  brand: (p) => p.brand ?? undefined,
  color: (p) => p.color ?? undefined,
  availabilityStatus: (p) => availability(p.stock),
  thumbnail: (p, imageBase) => publicUrl(imageBase, p.thumbnail),
};

const PRESENTERS: { readonly [F in ProductField]: Presenter<ProductRecord> } = {
  ...CARD_PRESENTERS,
  tags: (p) => p.tags,
  sku: (p) => p.sku,
  meta: (p) => ({ createdAt: p.createdAt, updatedAt: p.updatedAt }),
  images: (p, imageBase) => p.images.map((image) => publicUrl(imageBase, image)),
};

/** One field of the DummyJSON shape (undefined when the product leaves it out). */
export function presentField(p: ProductRecord, imageBase: string, field: ProductField): unknown {
  return PRESENTERS[field](p, imageBase);
}

/** One field of the DummyJSON shape from a card. */
export function presentCardField(p: ProductCard, imageBase: string, field: CardReadField): unknown {
  return CARD_PRESENTERS[field](p, imageBase);
}

/** The DummyJSON shape of a product; with `select`, only id and the selected fields. */
export function presentProduct(p: ProductRecord, imageBase: string, select: readonly ProductField[] | null = null): Record<string, unknown> {
  const shown: Record<string, unknown> = { id: p.id };
  for (const field of select ?? PRODUCT_FIELDS) shown[field] = PRESENTERS[field](p, imageBase);
  return shown;
}
