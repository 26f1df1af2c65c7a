/**
 * The shopper's orders from the checkout service (GET /api/checkout/orders, newest first), which
 * knows the shopper by the session cookie token sync gives it (see auth/tokenSync.ts), read through
 * the orders API's contract (orders-api/shopper, decision 0046). This module loads with My Account's
 * sections, after the page is live, so the contract's zod is no part of the first load.
 */
import type { ShopperEventType } from 'orders-api/facts';
import { shopperOrderList, type ShopperOrder, type ShopperTimelineEntry } from 'orders-api/shopper';
import type { SyncOutcome } from '../auth/tokenSync.ts';

export const ORDERS_PATH = '/api/checkout/orders';

export type OrderSummary = ShopperOrder;
/** What happened to an order, as its shopper is told (the service never says who at the shop did it). */
export type TimelineEntry = ShopperTimelineEntry;
export type TimelineType = ShopperEventType;

export type OrdersResult =
  | { readonly kind: 'ok'; readonly orders: readonly OrderSummary[] }
  | { readonly kind: 'signed-out' }
  | { readonly kind: 'unsupported' }
  | { readonly kind: 'error' };

export interface OrdersDeps {
  ensureSession(options?: { force?: boolean }): Promise<SyncOutcome>;
  fetch(input: string, init?: RequestInit): Promise<Response>;
}

function notReady(outcome: Extract<SyncOutcome, { ok: false }>): OrdersResult {
  if (outcome.reason === 'skipped') return { kind: 'unsupported' };
  if (outcome.reason === 'unreachable') return { kind: 'error' };
  return { kind: 'signed-out' };
}

/** Makes sure the session cookie exists, lists the orders; one fresh sync and retry on a 401. */
export async function loadOrders(deps: OrdersDeps): Promise<OrdersResult> {
  for (const force of [false, true]) {
    const outcome = await deps.ensureSession({ force });
    if (!outcome.ok) return notReady(outcome);
    let response: Response;
    try {
      response = await deps.fetch(ORDERS_PATH, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    } catch {
      return { kind: 'error' };
    }
    if (response.status === 401) continue;
    if (!response.ok) return { kind: 'error' };
    // An answer the contract does not describe (a service ahead of or behind this remote) shows the error and its retry.
    const answer = shopperOrderList.safeParse(await response.json().catch(() => null));
    return answer.success ? { kind: 'ok', orders: answer.data.orders } : { kind: 'error' };
  }
  return { kind: 'signed-out' };
}
