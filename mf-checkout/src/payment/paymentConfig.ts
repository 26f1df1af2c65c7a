/**
 * Which card form checkout shows, from the shell's runtime config (GET /app-config.json, public
 * values only). A Stripe publishable key means real Stripe Elements; none (the offline default)
 * means the local TEST-MODE card form.
 */
export type PaymentMode = { readonly kind: 'stripe'; readonly publishableKey: string } | { readonly kind: 'test' };

const PUBLISHABLE_KEY = /^pk_(test|live)_[A-Za-z0-9]{8,}$/;

export class PaymentConfigError extends Error {}

export function paymentModeFrom(config: unknown): PaymentMode {
  const key = typeof config === 'object' && config !== null ? (config as { stripePublishableKey?: unknown }).stripePublishableKey : undefined;
  if (key === undefined || key === null || key === '') return { kind: 'test' };
  // A key that is set but wrong must not quietly fall back to the test form on a live shop.
  if (typeof key !== 'string' || !PUBLISHABLE_KEY.test(key)) {
    throw new PaymentConfigError('stripePublishableKey in /app-config.json is not a Stripe publishable key (pk_test_... or pk_live_...)');
  }
  return { kind: 'stripe', publishableKey: key };
}

export async function loadPaymentMode(fetchImpl: typeof fetch = fetch, signal?: AbortSignal): Promise<PaymentMode> {
  const response = await fetchImpl('/app-config.json', { cache: 'no-cache', ...(signal ? { signal } : {}) });
  if (!response.ok) throw new PaymentConfigError(`/app-config.json answered ${response.status}`);
  return paymentModeFrom(await response.json());
}
