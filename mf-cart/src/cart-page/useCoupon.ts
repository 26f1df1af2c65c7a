import { useCallback, useEffect, useRef, useState } from 'react';
import { coupon as appliedCoupon, normalizeCouponCode, type CartItem, type CouponAnswer } from 'shared-events';
import type { MessageKey } from '../i18n/messages.en.ts';
import { checkCouponAtCheckout } from './checkoutCoupons.ts';

export type Notice =
  | { readonly tone: 'success' | 'error' | 'info'; readonly text: string }
  | { readonly tone: 'success' | 'error' | 'info'; readonly key: MessageKey; readonly params?: Record<string, string> };

export interface AppliedCoupon {
  readonly code: string;
  /** null while unknown: not checked yet for this cart, or the service could not be reached. */
  readonly discountCents: number | null;
}

export interface CouponState {
  readonly applied: AppliedCoupon | null;
  readonly notice: Notice | null;
  readonly pending: boolean;
  apply(code: string): void;
  remove(): void;
  /** Checks the applied code again against the cart as it is now (Update Cart). */
  recheck(): void;
}

const REVALIDATE_DELAY_MS = 300;

function linesKey(items: readonly CartItem[]): string {
  return items.map((item) => `${item.id}:${item.qun}`).join(',');
}

/**
 * The Apply Coupon control's state. The checkout service decides, asked through the checkout remote's
 * coupon client (loaded on the first check, checkoutCoupons.ts); an
 * accepted code goes to the shared `coupon` store for the checkout and is checked again whenever the
 * cart changes, since a discount depends on the lines.
 */
export function useCoupon(items: readonly CartItem[], validate = checkCouponAtCheckout): CouponState {
  const [applied, setApplied] = useState<AppliedCoupon | null>(() => {
    const code = appliedCoupon.current;
    return code ? { code, discountCents: null } : null;
  });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pending, setPending] = useState(false);
  const checkedFor = useRef<string | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  const latestItems = useRef(items);
  latestItems.current = items;
  const appliedRef = useRef(applied);
  appliedRef.current = applied;

  const run = useCallback(
    async (rawCode: string, mode: 'apply' | 'recheck') => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      const cartItems = latestItems.current;
      const key = linesKey(cartItems);
      setPending(true);
      const outcome: CouponAnswer = await validate(rawCode, cartItems, { signal: controller.signal });
      if (controller.signal.aborted) return;
      inFlight.current = null;
      setPending(false);
      switch (outcome.kind) {
        case 'accepted':
          appliedCoupon.apply(outcome.code);
          checkedFor.current = key;
          setApplied({ code: outcome.code, discountCents: outcome.discountCents });
          if (mode === 'apply') setNotice({ tone: 'success', text: outcome.message || outcome.code });
          break;
        case 'rejected':
          // The applied code itself no longer qualifies (or was retyped and refused): forget it.
          if (mode === 'recheck' || appliedRef.current?.code === outcome.code) {
            appliedCoupon.clear();
            checkedFor.current = null;
            setApplied(null);
          }
          setNotice({ tone: 'error', text: outcome.message || normalizeCouponCode(rawCode) });
          break;
        case 'failed':
          setNotice({ tone: 'error', key: 'coupon.failed', params: { message: outcome.message } });
          break;
        case 'unavailable':
          if (mode === 'recheck') setApplied((current) => (current ? { ...current, discountCents: null } : current));
          setNotice({ tone: 'error', key: 'coupon.unavailable' });
          break;
      }
    },
    [validate],
  );

  const apply = useCallback(
    (code: string) => {
      if (!normalizeCouponCode(code)) {
        setNotice({ tone: 'error', key: 'coupon.required' });
        return;
      }
      void run(code, 'apply');
    },
    [run],
  );

  const remove = useCallback(() => {
    inFlight.current?.abort();
    inFlight.current = null;
    setPending(false);
    appliedCoupon.clear();
    checkedFor.current = null;
    setApplied(null);
    setNotice({ tone: 'info', key: 'coupon.removed' });
  }, []);

  const appliedCode = applied?.code ?? null;
  const recheck = useCallback(() => {
    if (appliedCode && latestItems.current.length > 0) void run(appliedCode, 'recheck');
  }, [appliedCode, run]);

  // A remembered code (from an earlier visit) or a changed cart: ask again, once the clicks settle.
  const key = linesKey(items);
  useEffect(() => {
    if (!appliedCode || items.length === 0 || checkedFor.current === key) return;
    const timer = setTimeout(() => void run(appliedCode, 'recheck'), REVALIDATE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [appliedCode, key, items.length, run]);

  useEffect(() => () => inFlight.current?.abort(), []);

  return { applied, notice, pending, apply, remove, recheck };
}
