// The steps of each product write, written once for both engines; the store runs them in its
// transactions and tells caches and other instances what changed.
import type { ProductRecord } from '../products/model.ts';
import type { CatalogSql } from './catalogSql.ts';
import { PRODUCT_COLUMNS, recordRow, rowToRecord, rowToReservation } from './rows.ts';

/** Inserts a batch of products in one statement; `replace` makes a product with a taken id replace that one. */
export async function insertProducts({ db, catalog }: CatalogSql, records: readonly ProductRecord[], replace: boolean): Promise<void> {
  await db
    .insertInto('products')
    .columns(PRODUCT_COLUMNS)
    .expression(catalog.productRows(records))
    .$if(replace, (insert) =>
      insert.onConflict((conflict) =>
        conflict.column('id').doUpdateSet((eb) => Object.fromEntries(PRODUCT_COLUMNS.slice(1).map((column) => [column, eb.ref(`excluded.${column}`)]))),
      ),
    )
    .execute();
}

/** Units of each product that open checkouts hold (reserved, neither committed nor released). */
async function heldStock({ db }: CatalogSql): Promise<Map<number, number>> {
  const rows = await db.selectFrom('stock_reservations').select(['order_id', 'status', 'lines']).where('status', '=', 'reserved').execute();
  const held = new Map<number, number>();
  for (const row of rows) for (const line of rowToReservation(row).lines) held.set(line.productId, (held.get(line.productId) ?? 0) + line.quantity);
  return held;
}

/**
 * Inserts or replaces (by id) products from a source that counts stock on hand: what open checkouts
 * hold of a product is taken off its new stock, so a reservation made before the import cannot sell
 * the same units twice, and one made during it waits for it (the rows are locked).
 */
export async function importStep(inside: CatalogSql, records: readonly ProductRecord[]): Promise<void> {
  const { db, engine } = inside;
  await engine
    .forUpdate(
      db
        .selectFrom('products')
        .select('id')
        .where(
          engine.anyOf(
            'id',
            records.map((record) => record.id),
          ),
        ),
    )
    .execute();
  const held = await heldStock(inside);
  const stocked = held.size === 0 ? records : records.map((record) => ({ ...record, stock: Math.max(0, record.stock - (held.get(record.id) ?? 0)) }));
  await insertProducts(inside, stocked, true);
}

/** A product under one more than the highest id; null when another instance took that id meanwhile. */
export async function createStep({ db }: CatalogSql, build: (id: number) => ProductRecord): Promise<ProductRecord | null> {
  const next = await db
    .selectFrom('products')
    .select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.lit(0)).as('id'))
    .executeTakeFirst();
  const record = build(Number(next?.id ?? 0) + 1);
  const inserted = await db
    .insertInto('products')
    .values(recordRow(record))
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  return inserted.numInsertedOrUpdatedRows === 1n ? record : null;
}

/** One product replaced by what `change` makes of it; null when there is none. */
export async function updateStep({ db, engine }: CatalogSql, id: number, change: (current: ProductRecord) => ProductRecord): Promise<ProductRecord | null> {
  // Read under the write lock: the stock a reservation takes meanwhile is not written back over.
  const row = await engine.forUpdate(db.selectFrom('products').select(PRODUCT_COLUMNS).where('id', '=', id)).executeTakeFirst();
  if (!row) return null;
  const next = { ...change(rowToRecord(row)), id };
  const { id: _id, ...columns } = recordRow(next);
  await db.updateTable('products').set(columns).where('id', '=', id).execute();
  return next;
}

/** Deletes one product and answers it as it was; null when there was none. */
export async function deleteStep({ db }: CatalogSql, id: number): Promise<ProductRecord | null> {
  const row = await db.deleteFrom('products').where('id', '=', id).returning(PRODUCT_COLUMNS).executeTakeFirst();
  return row ? rowToRecord(row) : null;
}

export async function deleteIds({ db, engine }: CatalogSql, ids: readonly number[]): Promise<void> {
  await db.deleteFrom('products').where(engine.anyOf('id', ids)).execute();
}
