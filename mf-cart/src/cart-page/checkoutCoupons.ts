import { getInstance } from '@module-federation/enhanced/runtime';
import type { CouponClient } from 'shared-events';

/** The checkout remote's coupon client (mf-checkout/src/coupon-client/couponClient.ts). */
export const COUPON_CLIENT = 'checkout/couponClient';

/**
 * The checkout team's client, loaded from its remote when a shopper's code first needs checking
 * (the runtime keeps it from then on), through the federation instance that knows the checkout
 * remote: the shell's, which registered every remote from /remotes.json, or in the standalone
 * harness this remote's own.
 */
async function loadCouponClient(): Promise<CouponClient> {
  const host = getInstance((instance) => instance.options.remotes.some(({ name }) => name === 'checkout'));
  if (!host) throw new Error('no federation instance on this page knows the checkout remote');
  const client = await host.loadRemote<Partial<CouponClient>>(COUPON_CLIENT);
  if (typeof client?.checkCoupon !== 'function') throw new Error(`${COUPON_CLIENT} has no checkCoupon`);
  return client as CouponClient;
}

/**
 * Asks the checkout whether `code` applies to these lines, as `CouponClient.checkCoupon` does; a
 * checkout remote that cannot be loaded counts as the service being unavailable, which the form says.
 */
export const checkCouponAtCheckout: CouponClient['checkCoupon'] = async (code, lines, options) => {
  let client: CouponClient;
  try {
    client = await loadCouponClient();
  } catch {
    return { kind: 'unavailable' };
  }
  return client.checkCoupon(code, lines, options);
};
