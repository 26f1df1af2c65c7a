/**
 * The checkout service's staff API (/api/checkout/staff/*, mf-checkout/server/staff/routes.ts) as
 * the back office calls it: every request carries the signed-in staff member's Firebase ID token,
 * and every change carries the Idempotency-Key of the action the person meant (see intentKeys.ts).
 */
import { searchFigures as searchFiguresAnswer, type SearchFigures } from 'catalog-api/figures';
import { vitalsFigures as vitalsFiguresAnswer, type VitalsFigures } from 'gateway-api/figures';
import type { StaffAction } from 'orders-api/facts';
import {
  figuresAnswer,
  moveAnswer,
  orderDetail,
  orderPage,
  refundAnswer,
  STAFF_API,
  type FiguresAnswer,
  type MoveAnswer,
  type OrderDetail,
  type OrderPage,
  type RefundAnswer,
  type RefundRequest,
  type ShipmentRequest,
} from 'orders-api/staff';
import { messageOf, readAnswer } from './parse.ts';

/** The refusal or failure of a staff request: `status` 0 when the service could not be reached. */
export class StaffApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'StaffApiError';
    this.status = status;
  }

  /** The server said no for a reason that repeating the same request will not change. */
  get refused(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 408 && this.status !== 429;
  }
}

/** The ID token; `fresh` asks Firebase for a new one (a role granted since the last one is then in it). */
export type TokenSource = (fresh: boolean) => Promise<string>;

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export interface StaffApi {
  listOrders(query: URLSearchParams): Promise<OrderPage>;
  order(id: string): Promise<OrderDetail>;
  act(orderId: string, action: StaffAction, idempotencyKey: string, body?: ShipmentRequest | RefundRequest): Promise<MoveAnswer | RefundAnswer>;
  /** Orders, revenue and payment failures per hour over the last `hours` hours. */
  figures(hours: number): Promise<FiguresAnswer>;
  /** Searches and empty searches since the catalogue instance started (the catalogue's staff check). */
  searchFigures(): Promise<SearchFigures>;
  /** Real shoppers' LCP and INP p75 per route since the gateway instance started. */
  vitalsFigures(): Promise<VitalsFigures>;
}

const actionPath: Record<StaffAction, string> = { pack: 'pack', ship: 'ship', deliver: 'deliver', cancel: 'cancel', refund: 'refunds' };

export function createStaffApi(deps: { fetch: Fetch; token: TokenSource }): StaffApi {
  /** `path`: under the staff API, or a whole /api/ path of another service (the same staff token). */
  async function send(path: string, init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: unknown }): Promise<unknown> {
    const attempt = async (fresh: boolean) => {
      const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${await deps.token(fresh)}`, ...init.headers };
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      try {
        return await deps.fetch(path.startsWith('/api/') ? path : `${STAFF_API}${path}`, {
          method: init.method,
          headers,
          credentials: 'omit',
          ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
        });
      } catch {
        throw new StaffApiError(0, 'the shop could not be reached');
      }
    };
    let response = await attempt(false);
    // A token can expire between the page's check and this call: one fresh token, then the answer stands.
    if (response.status === 401) response = await attempt(true);
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) throw new StaffApiError(response.status, messageOf(body) ?? `the shop answered ${response.status}`);
    return body;
  }

  return {
    listOrders: async (query) => readAnswer(orderPage, await send(`/orders?${query.toString()}`, { method: 'GET' })),
    order: async (id) => readAnswer(orderDetail, await send(`/orders/${encodeURIComponent(id)}`, { method: 'GET' })),
    act: async (orderId, action, idempotencyKey, body) =>
      readAnswer(
        action === 'cancel' || action === 'refund' ? refundAnswer : moveAnswer,
        await send(`/orders/${encodeURIComponent(orderId)}/${actionPath[action]}`, {
          method: 'POST',
          headers: { 'idempotency-key': idempotencyKey },
          body: body ?? {},
        }),
      ),
    figures: async (hours) => readAnswer(figuresAnswer, await send(`/figures?hours=${hours}`, { method: 'GET' })),
    searchFigures: async () => readAnswer(searchFiguresAnswer, await send('/api/catalog/products/figures/search', { method: 'GET' })),
    vitalsFigures: async () => readAnswer(vitalsFiguresAnswer, await send('/api/figures/vitals', { method: 'GET' })),
  };
}
