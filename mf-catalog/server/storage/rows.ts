// Rows as both drivers answer them, turned into the store's records.
import type { Insertable, Selectable } from 'kysely';
import type { ColorName, ProductCard, ProductRecord } from '../products/model.ts';
import type { ProductsTable } from './database.ts';
import type { Reservation, ReservationLine, ReservationStatus } from './repository.ts';

/** The columns of a ProductRecord, in the order of recordValues. */
export const PRODUCT_COLUMNS = [
  'id',
  'title',
  'description',
  'category',
  'brand',
  'color',
  'price_cents',
  'discount',
  'rating',
  'stock',
  'sku',
  'tags',
  'thumbnail',
  'images',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof ProductsTable)[];

/** The columns of a ProductCard. */
export const CARD_COLUMNS = [
  'id',
  'title',
  'description',
  'category',
  'brand',
  'color',
  'price_cents',
  'discount',
  'rating',
  'stock',
  'thumbnail',
] as const satisfies readonly (keyof ProductsTable)[];

export type ProductRow = Selectable<ProductsTable>;
export type CardRow = Pick<ProductRow, (typeof CARD_COLUMNS)[number]>;

/** toISOString's own form, which every write stores (SQLite keeps it as text) and which reads back unchanged. */
const ISO_FORM = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
// Parsing two dates per row was a twentieth of a word search's time at a million products (issue #36).
export const iso = (value: string | Date): string =>
  typeof value === 'string' && ISO_FORM.test(value) ? value : (value instanceof Date ? value : new Date(value)).toISOString();

export function rowToCard(row: CardRow): ProductCard {
  return {
    id: Number(row.id),
    title: row.title,
    description: row.description,
    category: row.category,
    brand: row.brand,
    color: row.color as ColorName | null,
    priceCents: Number(row.price_cents),
    discountPercentage: Number(row.discount),
    rating: Number(row.rating),
    stock: Number(row.stock),
    thumbnail: row.thumbnail,
  };
}

export function rowToRecord(row: ProductRow): ProductRecord {
  return {
    ...rowToCard(row),
    sku: row.sku,
    tags: JSON.parse(row.tags) as string[],
    images: JSON.parse(row.images) as string[],
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** A record as the row its columns take (the JSON lists as text). */
export function recordRow(p: ProductRecord): Insertable<ProductsTable> {
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    category: p.category,
    brand: p.brand,
    color: p.color,
    price_cents: p.priceCents,
    discount: p.discountPercentage,
    rating: p.rating,
    stock: p.stock,
    sku: p.sku,
    tags: JSON.stringify(p.tags),
    thumbnail: p.thumbnail,
    images: JSON.stringify(p.images),
    created_at: p.createdAt,
    updated_at: p.updatedAt,
  };
}

/** Column values of a record, in PRODUCT_COLUMNS order. */
export function recordValues(p: ProductRecord): unknown[] {
  const row = recordRow(p);
  return PRODUCT_COLUMNS.map((column) => row[column]);
}

export function rowToReservation(row: { order_id: string; status: ReservationStatus; lines: string }): Reservation {
  return { orderId: row.order_id, status: row.status, lines: JSON.parse(row.lines) as ReservationLine[] };
}

/** Sorted by product so concurrent reservations lock rows in one order and cannot deadlock. */
export function byProduct<T extends { productId: number }>(lines: readonly T[]): T[] {
  return [...lines].sort((a, b) => a.productId - b.productId);
}

/** Puts records in the order of ids, leaving out ids that have no record (deleted meanwhile). */
export function inIdOrder(ids: readonly number[], records: readonly ProductRecord[]): ProductRecord[] {
  const byId = new Map(records.map((record) => [record.id, record]));
  const ordered: ProductRecord[] = [];
  for (const id of ids) {
    const record = byId.get(id);
    if (record) ordered.push(record);
  }
  return ordered;
}
