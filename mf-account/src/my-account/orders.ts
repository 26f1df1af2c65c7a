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

/** Where the shopper follows a parcel (the checkout service names the carrier and builds the address). */
export interface ShipmentSummary {
  readonly carrierName: string;
  readonly trackingNumber: string;
  readonly trackingUrl: string;
}

/** What happened to an order, as its shopper is told (the service never says who at the shop did it). */
export const TIMELINE_TYPES = ['payment_succeeded', 'payment_failed', 'packed', 'shipped', 'delivered', 'cancelled', 'refund_succeeded'] as const;
export type TimelineType = (typeof TIMELINE_TYPES)[number];

export interface TimelineEntry {
  readonly type: TimelineType;
  readonly at: string;
  /** shipped: the carrier and the tracking link, when the service sent a usable one. */
  readonly shipment?: ShipmentSummary;
  /** refund_succeeded: how much went back to the card. */
  readonly amountCents?: number;
}

export interface OrderSummary {
  readonly id: string;
  readonly number: number;
  readonly status: string;
  readonly createdAt: string;
  readonly totalCents: number;
  readonly refundedCents: number;
  readonly currency: string;
  readonly lines: readonly OrderLineSummary[];
  /** Oldest first; empty for orders paid before the service kept a history. */
  readonly timeline: readonly TimelineEntry[];
}

export type OrdersResult =
  | { readonly kind: 'ok'; readonly orders: readonly OrderSummary[] }
  | { readonly kind: 'signed-out' }
  | { readonly kind: 'unsupported' }
  | { readonly kind: 'error' };

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

/** A link the page may open: only http(s), so a bad answer can never become a script URL. */
function webAddress(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

function parseShipment(raw: unknown): ShipmentSummary | undefined {
  const s = record(raw);
  const trackingUrl = webAddress(s.trackingUrl);
  if (!isText(s.trackingNumber) || !trackingUrl) return undefined;
  return { carrierName: isText(s.carrierName) ? s.carrierName : isText(s.carrier) ? s.carrier : '', trackingNumber: s.trackingNumber, trackingUrl };
}

/** The order's history; entries of a kind this page does not know (a newer service) are left out. */
export function parseTimeline(raw: unknown): TimelineEntry[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item: unknown): TimelineEntry[] => {
    const e = record(item);
    const type = TIMELINE_TYPES.find((known) => known === e.type);
    if (!type || typeof e.at !== 'string' || !Number.isFinite(Date.parse(e.at))) return [];
    if (type === 'shipped') {
      const shipment = parseShipment(e.shipment);
      return [shipment ? { type, at: e.at, shipment } : { type, at: e.at }];
    }
    if (type === 'refund_succeeded') return isInt(e.amountCents) && e.amountCents > 0 ? [{ type, at: e.at, amountCents: e.amountCents }] : [];
    return [{ type, at: e.at }];
  });
}

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
      refundedCents: isInt(o.refundedCents) ? o.refundedCents : 0,
      currency: typeof o.currency === 'string' ? o.currency : 'usd',
      lines,
      timeline: parseTimeline(o.timeline),
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
