// Stock held for orders: a reservation takes units off sale when a checkout starts, its commit keeps
// them sold, its release puts them back, and a return puts back part of a committed order. Each step
// is one transaction on the products and stock_reservations tables, safe to repeat.
import { inTransaction, type CatalogSql } from './catalogSql.ts';
import type { ReservationLine, Reservation, ReserveOutcome, ReturnOutcome, StockLine, TransitionOutcome } from './repository.ts';
import { byProduct, rowToReservation } from './rows.ts';

/** The order's reservation, its row locked until the transaction ends. */
async function lockedReservation({ db, engine }: CatalogSql, orderId: string): Promise<Reservation | null> {
  const row = await engine
    .forUpdate(db.selectFrom('stock_reservations').select(['order_id', 'status', 'lines']).where('order_id', '=', orderId))
    .executeTakeFirst();
  return row ? rowToReservation(row) : null;
}

async function setStatus({ db }: CatalogSql, orderId: string, status: 'committed' | 'released'): Promise<void> {
  await db.updateTable('stock_reservations').set({ status, updated_at: new Date().toISOString() }).where('order_id', '=', orderId).execute();
}

async function putBack({ db }: CatalogSql, lines: readonly StockLine[]): Promise<void> {
  for (const line of byProduct(lines)) {
    await db
      .updateTable('products')
      .set((eb) => ({ stock: eb('stock', '+', line.quantity) }))
      .where('id', '=', line.productId)
      .execute();
  }
}

async function reserveStep(inside: CatalogSql, orderId: string, lines: readonly StockLine[]): Promise<ReserveOutcome | 'claimed-before'> {
  const { db } = inside;
  // Claiming the order id first makes a concurrent duplicate wait here for this transaction's outcome.
  const now = new Date().toISOString();
  const claimed = await db
    .insertInto('stock_reservations')
    .values({ order_id: orderId, status: 'reserved', lines: '[]', created_at: now, updated_at: now })
    .onConflict((conflict) => conflict.column('order_id').doNothing())
    .executeTakeFirst();
  if (claimed.numInsertedOrUpdatedRows !== 1n) return 'claimed-before';
  const taken: ReservationLine[] = [];
  for (const line of byProduct(lines)) {
    // The decrement is conditional on what is left, so two checkouts can never both take the last unit.
    const row = await db
      .updateTable('products')
      .set((eb) => ({ stock: eb('stock', '-', line.quantity) }))
      .where('id', '=', line.productId)
      .where('stock', '>=', line.quantity)
      .returning(['title', 'thumbnail', 'price_cents'])
      .executeTakeFirst();
    if (!row) {
      const product = await db.selectFrom('products').select(['title', 'stock']).where('id', '=', line.productId).executeTakeFirst();
      if (!product) return { kind: 'unknown-product', productId: line.productId };
      return { kind: 'short', productId: line.productId, title: product.title, requested: line.quantity, available: Number(product.stock) };
    }
    taken.push({ ...line, title: row.title, thumbnail: row.thumbnail, priceCents: Number(row.price_cents) });
  }
  await db
    .updateTable('stock_reservations')
    .set({ lines: JSON.stringify(taken) })
    .where('order_id', '=', orderId)
    .execute();
  return { kind: 'created', reservation: { orderId, status: 'reserved', lines: taken } };
}

/**
 * Each return is kept as a released row of stock_reservations under `<orderId>/returns/<returnId>`:
 * no order id can contain '/', so these rows are never mistaken for a reservation, and the order's
 * row lock (taken first) makes returns of one order wait for each other.
 */
async function returnStep(inside: CatalogSql, orderId: string, returnId: string, lines: readonly StockLine[]): Promise<ReturnOutcome> {
  const { db } = inside;
  const key = `${orderId}/returns/${returnId}`;
  const reservation = await lockedReservation(inside, orderId);
  if (!reservation) return { kind: 'not-found' };
  const existing = await db.selectFrom('stock_reservations').select('lines').where('order_id', '=', key).executeTakeFirst();
  if (existing) return { kind: 'existing', lines: JSON.parse(existing.lines) as StockLine[] };
  if (reservation.status !== 'committed')
    return { kind: 'conflict', message: `Reservation '${orderId}' is ${reservation.status}: only a committed one takes returns` };
  // '0' sorts right after '/': the range holds exactly this order's returns.
  const earlier = await db
    .selectFrom('stock_reservations')
    .select('lines')
    .where('order_id', '>', `${orderId}/returns/`)
    .where('order_id', '<', `${orderId}/returns0`)
    .execute();
  const back = new Map<number, number>();
  for (const row of earlier) for (const line of JSON.parse(row.lines) as StockLine[]) back.set(line.productId, (back.get(line.productId) ?? 0) + line.quantity);
  for (const line of lines) {
    const taken = reservation.lines.filter((held) => held.productId === line.productId).reduce((sum, held) => sum + held.quantity, 0);
    const left = taken - (back.get(line.productId) ?? 0);
    if (line.quantity > left) return { kind: 'conflict', message: `Only ${left} of product ${line.productId} can be returned to stock for order '${orderId}'` };
  }
  await putBack(inside, lines);
  const now = new Date().toISOString();
  await db
    .insertInto('stock_reservations')
    .values({
      order_id: key,
      status: 'released',
      lines: JSON.stringify(lines.map(({ productId, quantity }) => ({ productId, quantity }))),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { kind: 'returned', lines: [...lines] };
}

export class SqlStockLedger {
  private readonly sql: CatalogSql;
  private readonly stockChanged: (ids: readonly number[]) => Promise<void>;

  /** `stockChanged` tells caches and other instances which products' stock moved, after each commit. */
  constructor(sql: CatalogSql, stockChanged: (ids: readonly number[]) => Promise<void>) {
    this.sql = sql;
    this.stockChanged = stockChanged;
  }

  async reserve(orderId: string, lines: readonly StockLine[]): Promise<ReserveOutcome> {
    const outcome = await inTransaction(
      this.sql,
      (inside) => reserveStep(inside, orderId, lines),
      (result) => result !== 'claimed-before' && result.kind === 'created',
    );
    if (outcome !== 'claimed-before') {
      if (outcome.kind === 'created') await this.stockChanged(outcome.reservation.lines.map((line) => line.productId));
      return outcome;
    }
    // Another request claimed this order id first; its transaction has ended, so its reservation is there.
    const row = await this.sql.db.selectFrom('stock_reservations').select(['order_id', 'status', 'lines']).where('order_id', '=', orderId).executeTakeFirst();
    if (!row) throw new Error(`reservation ${orderId} conflicted but cannot be read`);
    return { kind: 'existing', reservation: rowToReservation(row) };
  }

  commit(orderId: string): Promise<TransitionOutcome> {
    return inTransaction(this.sql, async (inside): Promise<TransitionOutcome> => {
      const reservation = await lockedReservation(inside, orderId);
      if (!reservation) return { kind: 'not-found' };
      if (reservation.status === 'released') return { kind: 'conflict', reservation };
      if (reservation.status === 'reserved') await setStatus(inside, orderId, 'committed');
      return { kind: 'ok', reservation: { ...reservation, status: 'committed' } };
    });
  }

  async release(orderId: string): Promise<TransitionOutcome> {
    const outcome = await inTransaction(this.sql, async (inside): Promise<TransitionOutcome & { returned?: true }> => {
      const reservation = await lockedReservation(inside, orderId);
      if (!reservation) return { kind: 'not-found' };
      if (reservation.status !== 'reserved') return { kind: 'ok', reservation };
      await putBack(inside, reservation.lines);
      await setStatus(inside, orderId, 'released');
      return { kind: 'ok', reservation: { ...reservation, status: 'released' }, returned: true };
    });
    if (outcome.kind !== 'ok' || !outcome.returned) return outcome;
    if (outcome.reservation.lines.length > 0) await this.stockChanged(outcome.reservation.lines.map((line) => line.productId));
    return { kind: 'ok', reservation: outcome.reservation };
  }

  async returnStock(orderId: string, returnId: string, lines: readonly StockLine[]): Promise<ReturnOutcome> {
    const outcome = await inTransaction(
      this.sql,
      (inside) => returnStep(inside, orderId, returnId, lines),
      (result) => result.kind === 'returned',
    );
    if (outcome.kind === 'returned') await this.stockChanged(outcome.lines.map((line) => line.productId));
    return outcome;
  }
}
