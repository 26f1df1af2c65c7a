import { normalizeCouponCode, type CouponAnswer, type CouponCheckOptions, type CouponClient, type CouponLine } from 'shared-events';

/**
 * The client of this team's coupon preview endpoint: the request and the one reading of the
 * service's answer live with the service that gives them. The checkout page calls it directly; the
 * other remotes get it as the federated module `checkout/couponClient` (the cart page loads it when a
 * shopper applies a code), in the shape shared-events' `CouponClient` describes.
 */

/** The checkout service's preview endpoint (mf-checkout/server/coupons/routes.ts). */
export const COUPON_ENDPOINT = '/api/checkout/coupons/validate';
export const COUPON_TIMEOUT_MS = 8000;

/** Only ids and quantities: the service prices the lines itself. */
export function couponRequest(code: string, lines: readonly CouponLine[]) {
  return { code: normalizeCouponCode(code), lines: lines.map(({ id, qun }) => ({ id, qun })) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads the service's answer defensively: it is deployed apart from the remotes that ask it. */
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

/**
 * Asks the checkout service whether `code` applies to these lines. Never throws: a failure of any
 * kind is 'unavailable' (a caller that aborted checks its own signal before using the answer).
 */
export const checkCoupon: CouponClient['checkCoupon'] = async (code, lines, options: CouponCheckOptions = {}) => {
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
};
