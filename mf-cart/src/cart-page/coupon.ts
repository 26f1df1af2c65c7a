import type { CartItem } from 'shared-events';

/** Where an accepted code waits for the checkout (mf-checkout sends it as `couponCode`). */
export const COUPON_STORAGE_KEY = 'coupon';
/** The checkout service's preview endpoint (mf-checkout/server/coupons/routes.ts). */
export const COUPON_ENDPOINT = '/api/checkout/coupons/validate';
export const COUPON_TIMEOUT_MS = 8000;
export const COUPON_MAX_LENGTH = 32;

export type CouponOutcome =
  | { readonly kind: 'accepted'; readonly code: string; readonly discountCents: number; readonly message: string }
  | { readonly kind: 'rejected'; readonly code: string; readonly message: string }
  /** The service answered but refused the request itself (a 4xx with a message). */
  | { readonly kind: 'failed'; readonly message: string }
  /** No usable answer: network down, gateway error, 5xx, timeout, or a body we cannot read. */
  | { readonly kind: 'unavailable' };

export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Only ids and quantities: the service prices the lines itself, from the catalogue. */
export function couponRequest(code: string, items: readonly CartItem[]) {
  return { code: normalizeCode(code), lines: items.map((item) => ({ id: item.id, qun: item.qun })) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads the service's answer defensively: a remote deployed separately may change under us. */
export function interpretCouponResponse(status: number, body: unknown, requestedCode: string): CouponOutcome {
  if (status >= 200 && status < 300 && isRecord(body) && typeof body['valid'] === 'boolean') {
    const code = typeof body['code'] === 'string' && body['code'] ? body['code'] : normalizeCode(requestedCode);
    const message = typeof body['message'] === 'string' ? body['message'] : '';
    if (!body['valid']) return { kind: 'rejected', code, message };
    const discount = body['discountCents'];
    const discountCents = typeof discount === 'number' && Number.isFinite(discount) ? Math.max(0, Math.round(discount)) : 0;
    return { kind: 'accepted', code, discountCents, message };
  }
  if (status >= 400 && status < 500 && isRecord(body) && typeof body['message'] === 'string' && body['message']) {
    return { kind: 'failed', message: body['message'] };
  }
  return { kind: 'unavailable' };
}

export async function validateCoupon(
  code: string,
  items: readonly CartItem[],
  { fetch: fetchImpl = globalThis.fetch, signal }: { fetch?: typeof fetch; signal?: AbortSignal } = {},
): Promise<CouponOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), COUPON_TIMEOUT_MS);
  const forward = () => controller.abort();
  signal?.addEventListener('abort', forward);
  try {
    if (typeof fetchImpl !== 'function') return { kind: 'unavailable' };
    const response = await fetchImpl(COUPON_ENDPOINT, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(couponRequest(code, items)),
      signal: controller.signal,
    });
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    return interpretCouponResponse(response.status, body, code);
  } catch {
    return { kind: 'unavailable' };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
  }
}

/** sessionStorage can be missing or throw (private modes, sandboxing); a coupon is never worth a crash. */
export const couponMemory = {
  read(): string | null {
    try {
      const code = globalThis.sessionStorage?.getItem(COUPON_STORAGE_KEY) ?? null;
      return code && code.length <= COUPON_MAX_LENGTH ? normalizeCode(code) || null : null;
    } catch {
      return null;
    }
  },
  write(code: string): void {
    try {
      globalThis.sessionStorage?.setItem(COUPON_STORAGE_KEY, code);
    } catch {
      // Kept for this page only; the checkout asks again.
    }
  },
  clear(): void {
    try {
      globalThis.sessionStorage?.removeItem(COUPON_STORAGE_KEY);
    } catch {
      // Nothing stored, nothing to clear.
    }
  },
};
