import type { CouponAnswer, CouponClient } from 'shared-events';

/**
 * A stand-in for the page's federation instance and the checkout remote's coupon client, for tests
 * of the cart page, handed to `jest.mock('@module-federation/enhanced/runtime', ...)` (CartPage.test.tsx).
 */
export interface FakeCheckoutRemote {
  /** The client's checkCoupon, answering `answer` unless a test sets its own implementation. */
  readonly checkCoupon: jest.Mock<ReturnType<CouponClient['checkCoupon']>, Parameters<CouponClient['checkCoupon']>>;
  /** What `checkCoupon` answers. */
  answer: CouponAnswer;
  /** 'loads', 'fails' (the remote's entry or chunk does not load) or 'unknown' (no instance knows the remote). */
  state: 'loads' | 'fails' | 'unknown';
  /** The module ids the cart asked the runtime for. */
  readonly loaded: string[];
}

export function fakeCheckoutRemote(): FakeCheckoutRemote {
  const remote: FakeCheckoutRemote = {
    checkCoupon: jest.fn<ReturnType<CouponClient['checkCoupon']>, Parameters<CouponClient['checkCoupon']>>(async () => remote.answer),
    answer: { kind: 'unavailable' },
    state: 'loads',
    loaded: [],
  };
  return remote;
}

export function fakeFederationRuntime(remote: FakeCheckoutRemote) {
  const host = {
    options: { remotes: [{ name: 'checkout', entry: '/remotes/checkout/mf-manifest.json' }] },
    async loadRemote(id: string) {
      remote.loaded.push(id);
      if (remote.state === 'fails') throw new Error('ScriptExternalLoadError: loading /remotes/checkout/remoteEntry.js failed');
      return { checkCoupon: remote.checkCoupon };
    },
  };
  return {
    getInstance: (finder: (instance: typeof host) => boolean) => (remote.state !== 'unknown' && finder(host) ? host : null),
  };
}
