/**
 * The coupon contract between the cart (where a shopper applies a code) and the checkout (which pays
 * with it): one rule for what a code is, one request, one reading of the checkout service's answer.
 * Neither remote decides whether a code applies; the checkout service does, from the catalogue's prices.
 */

/** The checkout service's preview endpoint (mf-checkout/server/coupons/routes.ts). */
export const COUPON_ENDPOINT = '/api/checkout/coupons/validate';
export const COUPON_MAX_LENGTH = 32;
export const COUPON_TIMEOUT_MS = 8000;
const CODE = /^[A-Z0-9_-]{1,32}$/;

/** How a typed code is compared and sent: trimmed, upper case. */
export function normalizeCouponCode(text: string): string {
  return text.trim().toUpperCase();
}

/** A code in the form the service accepts, normalized; undefined for anything else. */
export function parseCouponCode(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const code = normalizeCouponCode(value);
  return CODE.test(code) ? code : undefined;
}

export type CouponLine = { readonly id: number; readonly qun: number };

/** Only ids and quantities: the service prices the lines itself. */
export function couponRequest(code: string, lines: readonly CouponLine[]) {
  return { code: normalizeCouponCode(code), lines: lines.map(({ id, qun }) => ({ id, qun })) };
}

export type CouponAnswer =
  | {
      readonly kind: 'accepted';
      readonly code: string;
      readonly discountCents: number;
      /** What the service priced the lines at (null if it did not say): differs when prices changed. */
      readonly subtotalCents: number | null;
      readonly message: string;
    }
  /** The code does not apply to these lines (unknown, expired, subtotal too low). */
  | { readonly kind: 'rejected'; readonly code: string; readonly message: string }
  /** The service refused the request itself (a 4xx with a message: a malformed code, a gone product, too many tries). */
  | { readonly kind: 'failed'; readonly status: number; readonly message: string }
  /** No usable answer: network down, gateway error, 5xx, timeout, or a body that cannot be read. */
  | { readonly kind: 'unavailable' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads the service's answer defensively: it is deployed apart from both remotes. */
export function readCouponAnswer(status: number, body: unknown, requestedCode: string): CouponAnswer {
  if (status >= 200 && status < 300 && isRecord(body) && typeof body.valid === 'boolean') {
    const code = typeof body.code === 'string' && body.code ? body.code : normalizeCouponCode(requestedCode);
    const message = typeof body.message === 'string' ? body.message : '';
    if (!body.valid) return { kind: 'rejected', code, message };
    const discount = body.discountCents;
    const discountCents = typeof discount === 'number' && Number.isFinite(discount) ? Math.max(0, Math.round(discount)) : 0;
    const subtotal = body.subtotalCents;
    const subtotalCents = typeof subtotal === 'number' && Number.isFinite(subtotal) ? subtotal : null;
    return { kind: 'accepted', code, discountCents, subtotalCents, message };
  }
  if (status >= 400 && status < 500 && isRecord(body) && typeof body.message === 'string' && body.message) {
    return { kind: 'failed', status, message: body.message };
  }
  return { kind: 'unavailable' };
}

export interface CouponCheckOptions {
  readonly fetch?: typeof fetch;
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
}

/**
 * Asks the checkout service whether `code` applies to these lines. Never throws: a failure of any
 * kind is 'unavailable' (a caller that aborted checks its own signal before using the answer).
 */
export async function checkCoupon(code: string, lines: readonly CouponLine[], options: CouponCheckOptions = {}): Promise<CouponAnswer> {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== 'function') return { kind: 'unavailable' };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? COUPON_TIMEOUT_MS);
  const forward = () => controller.abort();
  options.signal?.addEventListener('abort', forward);
  try {
    const response = await fetchImpl(COUPON_ENDPOINT, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(couponRequest(code, lines)),
      signal: controller.signal,
    });
    const body: unknown = await response.json().catch(() => null);
    return readCouponAnswer(response.status, body, code);
  } catch {
    return { kind: 'unavailable' };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forward);
  }
}
