import { createHash } from 'node:crypto';
import type { CartLine, CheckoutRequest } from 'orders-api/checkout';

/** Cart lines with one entry per product (a cart may list a product twice), in first-seen order. */
export function mergeLines(lines: CartLine[]): { productId: number; quantity: number }[] {
  const merged = new Map<string, { productId: number; quantity: number }>();
  for (const line of lines) {
    const key = String(line.id);
    const existing = merged.get(key);
    if (existing) existing.quantity += line.qun;
    else merged.set(key, { productId: line.id, quantity: line.qun });
  }
  return [...merged.values()];
}

/**
 * What a key pays for: the merged cart lines and the coupon. A retry of the same purchase may carry
 * a fresh card token or corrected billing details and still gets the first attempt's answer; the
 * same key for another cart is refused.
 */
export function requestFingerprint(request: Pick<CheckoutRequest, 'lines' | 'couponCode'>): string {
  const lines = mergeLines(request.lines)
    .map((line) => [line.productId, line.quantity] as const)
    .sort(([a], [b]) => a - b);
  const canonical = JSON.stringify({ lines, coupon: request.couponCode ?? null });
  return createHash('sha256').update(canonical).digest('hex');
}
