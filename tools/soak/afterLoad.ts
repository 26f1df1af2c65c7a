import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { percentile, type LoadResult } from './load.ts';

/** What the stack's stores hold after the load: orders per status, each product's stock, reservations per status. */
export interface StoresAfterLoad {
  byStatus: Record<string, number>;
  stockAfter: Map<number, number>;
  reservations: Record<string, number>;
}

/** One kind of request's figures, in milliseconds. */
export interface LatencyRow {
  kind: string;
  count: number;
  errors: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/** Reads the stack's orders and catalogue files, read-only. */
export function readStoresAfterLoad(dataDir: string): StoresAfterLoad {
  const orders = new DatabaseSync(path.join(dataDir, 'orders.db'), { readOnly: true });
  const byStatus = Object.fromEntries(
    (orders.prepare('SELECT status, count(*) AS n FROM orders GROUP BY status').all() as { status: string; n: number }[]).map((row) => [
      row.status,
      Number(row.n),
    ]),
  );
  orders.close();
  const catalogDb = new DatabaseSync(path.join(dataDir, 'catalog.db'), { readOnly: true });
  const stockAfter = new Map(
    (catalogDb.prepare('SELECT id, stock FROM products').all() as { id: number; stock: number }[]).map((row) => [Number(row.id), Number(row.stock)]),
  );
  const reservations = Object.fromEntries(
    (catalogDb.prepare('SELECT status, count(*) AS n FROM stock_reservations GROUP BY status').all() as { status: string; n: number }[]).map((row) => [
      row.status,
      Number(row.n),
    ]),
  );
  catalogDb.close();
  return { byStatus, stockAfter, reservations };
}

/** Percentiles per kind of request, then a last row for all requests together. */
export function latencyRows(result: Pick<LoadResult, 'samples' | 'errors'>): LatencyRow[] {
  const rows = [...result.samples].map(([kind, values]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return {
      kind,
      count: sorted.length,
      errors: result.errors.get(kind) ?? 0,
      p50: percentile(sorted, 50),
      p90: percentile(sorted, 90),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? NaN,
    };
  });
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  const errors = rows.reduce((sum, row) => sum + row.errors, 0);
  const all = [...result.samples.values()].flat().sort((a, b) => a - b);
  rows.push({
    kind: 'all requests',
    count: total,
    errors,
    p50: percentile(all, 50),
    p90: percentile(all, 90),
    p99: percentile(all, 99),
    max: all.at(-1) ?? NaN,
  });
  return rows;
}

/** The consistency checks after the load: [what, passed, detail]. */
export function loadChecks(
  result: Pick<LoadResult, 'checkoutsPaid' | 'bought'>,
  errors: number,
  stackAlive: boolean,
  stockBefore: Map<number, number>,
  stores: StoresAfterLoad,
): [string, boolean, string][] {
  const { byStatus, stockAfter, reservations } = stores;
  const stockMismatches = [...stockBefore].filter(([id, before]) => stockAfter.get(id) !== before - (result.bought.get(id) ?? 0));
  return [
    ['zero errors (non-2xx/3xx, network errors, > 30 s)', errors === 0, `${errors} errors`],
    ['every process of the stack still running', stackAlive, stackAlive ? 'yes' : 'the stack stopped'],
    [
      'every answered payment is a paid order',
      (byStatus.paid ?? 0) === result.checkoutsPaid,
      `${result.checkoutsPaid} answered paid, ${byStatus.paid ?? 0} paid orders, ${byStatus.pending ?? 0} pending, ${byStatus.failed ?? 0} failed`,
    ],
    [
      'stock moved by exactly what was bought',
      stockMismatches.length === 0,
      `${stockMismatches.length} products differ; reservations ${JSON.stringify(reservations)}`,
    ],
  ];
}
