import { useCallback, useEffect, useState } from 'react';
import { loadPaymentMode, type PaymentMode } from '../payment/paymentConfig.ts';

export type PaymentModeState = { readonly status: 'loading' } | { readonly status: 'ready'; readonly mode: PaymentMode } | { readonly status: 'failed' };

/** Reads /app-config.json once per mount; `retry` asks again after a failure. */
export function usePaymentMode(): { state: PaymentModeState; retry: () => void } {
  const [state, setState] = useState<PaymentModeState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    loadPaymentMode(fetch, controller.signal).then(
      (mode) => setState({ status: 'ready', mode }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
