// How a product a client sends to add or change (catalog-api/products: DummyJSON's request shape,
// prices in dollars) becomes a stored product.
import type { NewProduct, ProductChange } from 'catalog-api/products';
import { productImagePath } from '../images/paths.ts';
import { VOCABULARY, type SeedCategory } from '../seed/vocabulary.ts';
import type { ProductRecord } from './model.ts';

const cents = (dollars: number) => Math.round(dollars * 100);

/** The product `input` describes, stored under `id`; without pictures it gets its category's drawing. */
export function newProductRecord(id: number, input: NewProduct, now: Date): ProductRecord {
  const category = input.category;
  const color = (input.color ?? null) as ProductRecord['color'];
  // A category of the seed's vocabulary has its own picture; any other gets a tote bag.
  const kind = Object.hasOwn(VOCABULARY, category) ? VOCABULARY[category as SeedCategory].kinds[0]!.drawing : 'tote';
  const drawn = productImagePath(id, kind, color ?? 'grey', 1);
  const thumbnail = input.thumbnail ?? input.images?.[0] ?? drawn;
  return {
    id,
    title: input.title,
    description: input.description ?? '',
    category,
    brand: input.brand ?? null,
    color,
    priceCents: cents(input.price),
    discountPercentage: input.discountPercentage ?? 0,
    rating: input.rating ?? 0,
    stock: input.stock ?? 0,
    sku: input.sku ?? `NEW-${String(id).padStart(6, '0')}`,
    tags: input.tags ?? [],
    thumbnail,
    images: input.images ?? [thumbnail],
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
}

/** `current` with the fields of `change` applied; the stock is the stored one unless the change names it. */
export function changedProductRecord(current: ProductRecord, change: ProductChange, now: Date): ProductRecord {
  return {
    ...current,
    ...(change.title !== undefined && { title: change.title }),
    ...(change.description !== undefined && { description: change.description }),
    ...(change.category !== undefined && { category: change.category as ProductRecord['category'] }),
    ...(change.brand !== undefined && { brand: change.brand }),
    ...(change.color !== undefined && { color: change.color as ProductRecord['color'] }),
    ...(change.price !== undefined && { priceCents: cents(change.price) }),
    ...(change.discountPercentage !== undefined && { discountPercentage: change.discountPercentage }),
    ...(change.rating !== undefined && { rating: change.rating }),
    ...(change.stock !== undefined && { stock: change.stock }),
    ...(change.sku !== undefined && { sku: change.sku }),
    ...(change.tags !== undefined && { tags: change.tags }),
    ...(change.thumbnail !== undefined && { thumbnail: change.thumbnail }),
    ...(change.images !== undefined && { images: change.images }),
    updatedAt: now.toISOString(),
  };
}
