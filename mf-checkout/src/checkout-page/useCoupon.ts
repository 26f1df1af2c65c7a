import { useCallback, useEffect, useState } from 'react';
import { checkCoupon, readStoredCoupon, type CouponState } from '../order/coupon.ts';
import { sessionStore } from '../state/sessionStore.ts';

/**
 * The coupon from sessionStorage["coupon"], checked with the checkout service for the current
 * cart lines (again whenever they change). Only an accepted code is ever sent with the payment.
 */
export function useCoupon(lines: readonly { id: number; qun: number }[]): { coupon: CouponState; recheck: () => void } {
  const [coupon, setCoupon] = useState<CouponState>({ status: 'none' });
  const [attempt, setAttempt] = useState(0);
  const linesKey = JSON.stringify(lines);

  useEffect(() => {
    const code = readStoredCoupon(sessionStore());
    if (!code || lines.length === 0) {
      setCoupon({ status: 'none' });
      return;
    }
    const controller = new AbortController();
    setCoupon({ status: 'checking', code });
    checkCoupon(code, lines, fetch, controller.signal).then(setCoupon, () => {
      if (!controller.signal.aborted) setCoupon({ status: 'unavailable', code });
    });
    return () => controller.abort();
    // linesKey stands for lines: a new array with the same lines must not check again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linesKey, attempt]);

  const recheck = useCallback(() => setAttempt((n) => n + 1), []);
  return { coupon, recheck };
}
