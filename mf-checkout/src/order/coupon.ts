/**
 * The coupon the shopper applied on the cart page travels in sessionStorage["coupon"] (a plain
 * code such as "SAVE10"; a JSON string or {"code": ...} object is read too). Checkout never trusts
 * it: the checkout service says whether the code applies to this cart and how much it takes off.
 */
export const COUPON_STORAGE_KEY = 'coupon';

export type CouponState =
  | { readonly status: 'none' }
  | { readonly status: 'checking'; readonly code: string }
  | {
      readonly status: 'applied';
      readonly code: string;
      readonly discountCents: number;
      readonly serverSubtotalCents: number;
      readonly message: string;
    }
  /** The service refused the code for this cart (unknown, or the subtotal is too low): not applied. */
  | { readonly status: 'rejected'; readonly code: string; readonly message: string }
  /** The service could not be asked: not applied, the shopper may try again. */
  | { readonly status: 'unavailable'; readonly code: string };

type ReadableStorage = Pick<Storage, 'getItem'>;

export function readStoredCoupon(storage: ReadableStorage | undefined): string | undefined {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(COUPON_STORAGE_KEY) ?? null;
  } catch {
    return undefined;
  }
  if (!raw) return undefined;
  let value: unknown = raw;
  try {
    value = JSON.parse(raw);
  } catch {
    // A bare code, as expected.
  }
  if (typeof value === 'object' && value !== null) value = (value as { code?: unknown }).code;
  if (typeof value !== 'string') return undefined;
  const code = value.trim().toUpperCase();
  return /^[A-Z0-9_-]{1,32}$/.test(code) ? code : undefined;
}

export function clearStoredCoupon(storage: Pick<Storage, 'removeItem'> | undefined): void {
  try {
    storage?.removeItem(COUPON_STORAGE_KEY);
  } catch {
    // Storage disabled: nothing was stored either.
  }
}

/**
 * Asks the checkout service (POST /api/checkout/coupons/validate) whether `code` applies to these
 * cart lines. Answers {valid, code, discountCents, message, subtotalCents}; prices are the
 * catalogue's, never the browser's.
 */
export async function checkCoupon(
  code: string,
  lines: readonly { id: number; qun: number }[],
  fetchImpl: typeof fetch = fetch,
  signal?: AbortSignal,
): Promise<CouponState> {
  let response: Response;
  try {
    response = await fetchImpl('/api/checkout/coupons/validate', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ code, lines }),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    return { status: 'unavailable', code };
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  const message = typeof body?.message === 'string' ? body.message : '';
  if (response.ok && body) {
    if (body.valid === true && typeof body.discountCents === 'number' && typeof body.subtotalCents === 'number') {
      return {
        status: 'applied',
        code: typeof body.code === 'string' ? body.code : code,
        discountCents: body.discountCents,
        serverSubtotalCents: body.subtotalCents,
        message,
      };
    }
    if (body.valid === false) return { status: 'rejected', code, message };
  }
  // 400 (a malformed code), 404 (a product that no longer exists): the code cannot apply.
  if (response.status === 400 || response.status === 404) return { status: 'rejected', code, message };
  return { status: 'unavailable', code };
}
