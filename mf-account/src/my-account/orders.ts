/**
 * The shopper's orders from the checkout service (GET /api/checkout/orders, newest first), which
 * knows the shopper by the session cookie token sync gives it (see auth/tokenSync.ts).
 */
import type { SyncOutcome } from '../auth/tokenSync.ts';

export const ORDERS_PATH = '/api/checkout/orders';

export interface OrderLineSummary {
  readonly title: string;
  readonly quantity: number;
}

export interface OrderSummary {
  readonly id: string;
  readonly number: number;
  readonly status: string;
  readonly createdAt: string;
  readonly totalCents: number;
  readonly currency: string;
  readonly lines: readonly OrderLineSummary[];
}

export type OrdersResult =
  | { readonly kind: 'ok'; readonly orders: readonly OrderSummary[] }
  | { readonly kind: 'signed-out' }
  | { readonly kind: 'unsupported' }
  | { readonly kind: 'error' };

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** Orders from the service's answer; malformed entries are left out, never fatal. */
export function parseOrders(body: unknown): OrderSummary[] | null {
  const list = body && typeof body === 'object' ? (body as { orders?: unknown }).orders : undefined;
  if (!Array.isArray(list)) return null;
  const orders: OrderSummary[] = [];
  for (const raw of list) {
    if (!raw || typeof raw !== 'object') continue;
    const o = raw as Record<string, unknown>;
    if (typeof o.id !== 'string' || !isInt(o.number) || !isInt(o.totalCents)) continue;
    const lines = Array.isArray(o.lines)
      ? o.lines.flatMap((line: unknown) => {
          const l = (line ?? {}) as Record<string, unknown>;
          return typeof l.title === 'string' && isInt(l.quantity) ? [{ title: l.title, quantity: l.quantity }] : [];
        })
      : [];
    orders.push({
      id: o.id,
      number: o.number,
      status: typeof o.status === 'string' ? o.status : 'pending',
      createdAt: typeof o.createdAt === 'string' ? o.createdAt : '',
      totalCents: o.totalCents,
      currency: typeof o.currency === 'string' ? o.currency : 'usd',
      lines,
    });
  }
  return orders;
}

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
    const orders = parseOrders(await response.json().catch(() => null));
    return orders ? { kind: 'ok', orders } : { kind: 'error' };
  }
  return { kind: 'signed-out' };
}
