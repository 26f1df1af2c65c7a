import { useCallback, useEffect, useState } from 'react';
import { loadPaymentMode, type PaymentMode } from '../payment/paymentConfig.ts';
import type { StripeCardForm } from '../payment/StripeCardForm.tsx';
import type { TestCardForm } from '../payment/TestCardForm.tsx';

/** The payment mode with its card form, whose code is not part of the page's first load. */
export type CardMode =
  | (Extract<PaymentMode, { kind: 'test' }> & { readonly Form: typeof TestCardForm })
  | (Extract<PaymentMode, { kind: 'stripe' }> & { readonly Form: typeof StripeCardForm });

export type PaymentModeState = { readonly status: 'loading' } | { readonly status: 'ready'; readonly mode: CardMode } | { readonly status: 'failed' };

/**
 * The card form of `mode`: the page shows its billing form and summary, and takes typing, before
 * the card form's code arrives (the card area says it is loading meanwhile, as it does until the
 * mode is known); a shop without Stripe never downloads the Stripe form, and one with it never the
 * test form.
 */
async function withCardForm(mode: PaymentMode): Promise<CardMode> {
  if (mode.kind === 'stripe') {
    const { StripeCardForm } = await import(/* webpackChunkName: "card-stripe" */ '../payment/StripeCardForm.tsx');
    return { ...mode, Form: StripeCardForm };
  }
  const { TestCardForm } = await import(/* webpackChunkName: "card-test" */ '../payment/TestCardForm.tsx');
  return { ...mode, Form: TestCardForm };
}

/** Reads /app-config.json once per mount, then loads the mode's card form; `retry` asks again after a failure. */
export function usePaymentMode(): { state: PaymentModeState; retry: () => void } {
  const [state, setState] = useState<PaymentModeState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    loadPaymentMode(fetch, controller.signal)
      .then(withCardForm)
      .then(
        (mode) => {
          if (!controller.signal.aborted) setState({ status: 'ready', mode });
        },
        () => {
          if (!controller.signal.aborted) setState({ status: 'failed' });
        },
      );
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
