import type { SqlDatabase } from 'service-kit/sql';
import type { OrdersDatabase } from './database.ts';
import { orderEvents } from './events.ts';
import { orderFigures } from './figures.ts';
import { orderLists } from './orderLists.ts';
import { orderSteps } from './orders.ts';
import { createOutbox } from './outboxStore.ts';
import { orderRefunds } from './refunds.ts';
import type { OrderRepository } from './repository.ts';

/**
 * The orders repository on either engine: every question and every transaction's steps written once
 * (decision 0045). `close` closes the connection the opener made (Kysely closes only what it used).
 */
export function orderStore(store: SqlDatabase<OrdersDatabase>, close: () => Promise<void>): OrderRepository {
  return {
    ...orderSteps(store),
    ...orderLists(store),
    ...orderFigures(store),
    ...orderEvents(store),
    ...orderRefunds(store),
    outbox: createOutbox(store),
    close,
  };
}
