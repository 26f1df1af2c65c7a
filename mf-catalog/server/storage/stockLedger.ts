// Stock held for orders: a reservation takes units off sale when a checkout starts, its commit keeps
// them sold, its release puts them back, and a return puts back part of a committed order. Each step
// is one transaction on the products and stock_reservations tables, safe to repeat.
import type { ReservationLine, Reservation, ReserveOutcome, ReturnOutcome, StockLine, TransitionOutcome } from './repository.ts';
import { byProduct, rowToReservation, type Dialect, type ReservationRow } from './sql.ts';
import type { SqlDriver, Transaction } from './driver.ts';

export class SqlStockLedger {
  private readonly driver: SqlDriver;
  private readonly dialect: Dialect;
  private readonly stockChanged: (ids: readonly number[]) => Promise<void>;

  /** `stockChanged` tells caches and other instances which products' stock moved, after each commit. */
  constructor(driver: SqlDriver, stockChanged: (ids: readonly number[]) => Promise<void>) {
    this.driver = driver;
    this.dialect = driver.dialect;
    this.stockChanged = stockChanged;
  }

  async reserve(orderId: string, lines: readonly StockLine[]): Promise<ReserveOutcome> {
    const outcome = await this.driver.transaction(
      (tx) => this.reserveInTransaction(tx, orderId, lines),
      (result) => result !== 'claimed-before' && result.kind === 'created',
    );
    if (outcome !== 'claimed-before') {
      if (outcome.kind === 'created') await this.stockChanged(outcome.reservation.lines.map((line) => line.productId));
      return outcome;
    }
    // Another request claimed this order id first; its transaction has ended, so its reservation is there.
    const existing = await this.findReservation(orderId);
    if (!existing) throw new Error(`reservation ${orderId} conflicted but cannot be read`);
    return { kind: 'existing', reservation: existing };
  }

  private async reserveInTransaction(tx: Transaction, orderId: string, lines: readonly StockLine[]): Promise<ReserveOutcome | 'claimed-before'> {
    // Claiming the order id first makes a concurrent duplicate wait here for this transaction's outcome.
    const now = new Date().toISOString();
    const claimed = await tx.run({
      sql: `INSERT INTO stock_reservations (order_id, status, lines, created_at, updated_at)
        VALUES ($1, 'reserved', '[]', $2, $2) ON CONFLICT (order_id) DO NOTHING`,
      values: [orderId, now],
    });
    if (claimed === 0) return 'claimed-before';
    const taken: ReservationLine[] = [];
    for (const line of byProduct(lines)) {
      const [row] = await tx.all<{ title: string; thumbnail: string; price_cents: number }>({
        sql: 'UPDATE products SET stock = stock - $1 WHERE id = $2 AND stock >= $1 RETURNING title, thumbnail, price_cents',
        values: [line.quantity, line.productId],
      });
      if (!row) {
        const [product] = await tx.all<{ title: string; stock: number }>({ sql: 'SELECT title, stock FROM products WHERE id = $1', values: [line.productId] });
        if (!product) return { kind: 'unknown-product', productId: line.productId };
        return { kind: 'short', productId: line.productId, title: product.title, requested: line.quantity, available: Number(product.stock) };
      }
      taken.push({ ...line, title: row.title, thumbnail: row.thumbnail, priceCents: Number(row.price_cents) });
    }
    await tx.run({ sql: 'UPDATE stock_reservations SET lines = $2 WHERE order_id = $1', values: [orderId, JSON.stringify(taken)] });
    return { kind: 'created', reservation: { orderId, status: 'reserved', lines: taken } };
  }

  private async findReservation(orderId: string, tx?: Transaction): Promise<Reservation | null> {
    const statement = {
      sql: `SELECT order_id, status, lines FROM stock_reservations WHERE order_id = $1${tx ? this.dialect.forUpdate : ''}`,
      values: [orderId],
    };
    const [row] = tx ? await tx.all<ReservationRow>(statement) : await this.driver.read<ReservationRow>(statement);
    return row ? rowToReservation(row) : null;
  }

  async commit(orderId: string): Promise<TransitionOutcome> {
    return this.driver.transaction(
      async (tx): Promise<TransitionOutcome> => {
        const reservation = await this.findReservation(orderId, tx);
        if (!reservation) return { kind: 'not-found' };
        if (reservation.status === 'released') return { kind: 'conflict', reservation };
        if (reservation.status === 'reserved') await this.setStatus(tx, orderId, 'committed');
        return { kind: 'ok', reservation: { ...reservation, status: 'committed' } };
      },
      () => true,
    );
  }

  async release(orderId: string): Promise<TransitionOutcome> {
    let returned: number[] = [];
    const outcome = await this.driver.transaction(
      async (tx): Promise<TransitionOutcome> => {
        returned = [];
        const reservation = await this.findReservation(orderId, tx);
        if (!reservation) return { kind: 'not-found' };
        if (reservation.status !== 'reserved') return { kind: 'ok', reservation };
        for (const line of byProduct(reservation.lines)) {
          await tx.run({ sql: 'UPDATE products SET stock = stock + $1 WHERE id = $2', values: [line.quantity, line.productId] });
        }
        await this.setStatus(tx, orderId, 'released');
        returned = reservation.lines.map((line) => line.productId);
        return { kind: 'ok', reservation: { ...reservation, status: 'released' } };
      },
      () => true,
    );
    if (returned.length > 0) await this.stockChanged(returned);
    return outcome;
  }

  /**
   * Each return is kept as a released row of stock_reservations under `<orderId>/returns/<returnId>`:
   * no order id can contain '/', so these rows are never mistaken for a reservation, and the order's
   * row lock (taken first) makes returns of one order wait for each other.
   */
  async returnStock(orderId: string, returnId: string, lines: readonly StockLine[]): Promise<ReturnOutcome> {
    const key = `${orderId}/returns/${returnId}`;
    const outcome = await this.driver.transaction(
      async (tx): Promise<ReturnOutcome> => {
        const reservation = await this.findReservation(orderId, tx);
        if (!reservation) return { kind: 'not-found' };
        const [existing] = await tx.all<{ lines: string }>({ sql: 'SELECT lines FROM stock_reservations WHERE order_id = $1', values: [key] });
        if (existing) return { kind: 'existing', lines: JSON.parse(existing.lines) as StockLine[] };
        if (reservation.status !== 'committed')
          return { kind: 'conflict', message: `Reservation '${orderId}' is ${reservation.status}: only a committed one takes returns` };
        // '0' sorts right after '/': the range holds exactly this order's returns.
        const earlier = await tx.all<{ lines: string }>({
          sql: 'SELECT lines FROM stock_reservations WHERE order_id > $1 AND order_id < $2',
          values: [`${orderId}/returns/`, `${orderId}/returns0`],
        });
        const back = new Map<number, number>();
        for (const row of earlier)
          for (const line of JSON.parse(row.lines) as StockLine[]) back.set(line.productId, (back.get(line.productId) ?? 0) + line.quantity);
        for (const line of lines) {
          const taken = reservation.lines.filter((held) => held.productId === line.productId).reduce((sum, held) => sum + held.quantity, 0);
          const left = taken - (back.get(line.productId) ?? 0);
          if (line.quantity > left)
            return { kind: 'conflict', message: `Only ${left} of product ${line.productId} can be returned to stock for order '${orderId}'` };
        }
        for (const line of byProduct(lines)) {
          await tx.run({ sql: 'UPDATE products SET stock = stock + $1 WHERE id = $2', values: [line.quantity, line.productId] });
        }
        const now = new Date().toISOString();
        await tx.run({
          sql: `INSERT INTO stock_reservations (order_id, status, lines, created_at, updated_at) VALUES ($1, 'released', $2, $3, $3)`,
          values: [key, JSON.stringify(lines.map(({ productId, quantity }) => ({ productId, quantity }))), now],
        });
        return { kind: 'returned', lines: [...lines] };
      },
      (result) => result.kind === 'returned',
    );
    if (outcome.kind === 'returned') await this.stockChanged(outcome.lines.map((line) => line.productId));
    return outcome;
  }

  private async setStatus(tx: Transaction, orderId: string, status: 'committed' | 'released'): Promise<void> {
    await tx.run({
      sql: 'UPDATE stock_reservations SET status = $2, updated_at = $3 WHERE order_id = $1',
      values: [orderId, status, new Date().toISOString()],
    });
  }
}
