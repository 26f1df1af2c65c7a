import { useCallback, useEffect, useState } from 'react';
import { useCouponCode } from 'shared-events/react';
import type { CouponAnswer } from 'shared-events';
import { couponState, type CouponState } from '../order/coupon.ts';

/**
 * The code applied on the cart page (the shared `coupon` store), checked with the checkout service
 * for the current cart lines (again whenever they change). Only an applied code is sent with the payment.
 */
export function useCoupon(lines: readonly { id: number; qun: number }[]): { coupon: CouponState; recheck: () => void } {
  const code = useCouponCode();
  const [coupon, setCoupon] = useState<CouponState>({ status: 'none' });
  const [attempt, setAttempt] = useState(0);
  const linesKey = JSON.stringify(lines);

  useEffect(() => {
    if (!code || lines.length === 0) {
      setCoupon({ status: 'none' });
      return;
    }
    const controller = new AbortController();
    setCoupon({ status: 'checking', code });
    // The client comes with the first code to check: a cart without one never loads it.
    void import(/* webpackChunkName: "coupon-client" */ '../coupon-client/couponClient.ts')
      .then(({ checkCoupon }) => checkCoupon(code, lines, { signal: controller.signal }))
      .catch((): CouponAnswer => ({ kind: 'unavailable' }))
      .then((answer) => {
        if (!controller.signal.aborted) setCoupon(couponState(code, answer));
      });
    return () => controller.abort();
    // linesKey stands for lines: a new array with the same lines must not check again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code, linesKey, attempt]);

  const recheck = useCallback(() => setAttempt((n) => n + 1), []);
  return { coupon, recheck };
}
