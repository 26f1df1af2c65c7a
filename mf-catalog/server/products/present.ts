import type { ProductField, ProductRecord } from './model.ts';

/** Stored image paths are relative to the public base; absolute URLs (from imports) pass through. */
export function publicUrl(base: string, stored: string): string {
  return /^([a-z][a-z0-9+.-]*:|\/)/i.test(stored) ? stored : `${base}/${stored}`;
}

function availability(stock: number): string {
  if (stock === 0) return 'Out of Stock';
  return stock < 10 ? 'Low Stock' : 'In Stock';
}

/** The DummyJSON shape of a product; with `select`, only id and the selected fields. */
export function presentProduct(p: ProductRecord, imageBase: string, select: readonly ProductField[] | null = null): Record<string, unknown> {
  const full: Record<ProductField, unknown> = {
    id: p.id,
    title: p.title,
    description: p.description,
    category: p.category,
    price: p.priceCents / 100,
    discountPercentage: p.discountPercentage,
    rating: p.rating,
    stock: p.stock,
    tags: p.tags,
    brand: p.brand ?? undefined,
    sku: p.sku,
    color: p.color ?? undefined,
    availabilityStatus: availability(p.stock),
    meta: { createdAt: p.createdAt, updatedAt: p.updatedAt },
    images: p.images.map((image) => publicUrl(imageBase, image)),
    thumbnail: publicUrl(imageBase, p.thumbnail),
  };
  if (!select) return full;
  const picked: Record<string, unknown> = { id: p.id };
  for (const field of select) picked[field] = full[field];
  return picked;
}
