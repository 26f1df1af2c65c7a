import { useEffect, useRef, useState, type Dispatch, type FormEvent, type RefObject, type SetStateAction } from 'react';
import type { Language } from 'shared-events';
import {
  fieldErrorsFromServer,
  firstInvalidField,
  toBillingPayload,
  validateBilling,
  type Billing,
  type BillingErrors,
  type BillingField,
} from '../billing/billing.ts';
import { billingInputId } from '../billing/BillingForm.tsx';
import { useT } from '../i18n/useT.ts';
import type { CardPaymentHandle } from '../payment/cardPayment.ts';
import { sessionStore } from '../state/sessionStore.ts';
import type { IdempotencyKeys } from '../submit/idempotency.ts';
import type { PayResult } from '../submit/payAttempt.ts';
import type { PaidOrder } from '../submit/placeOrder.ts';
import type { Outcome } from './PaymentAlert.tsx';

/**
 * What paying takes (the order calls, their idempotency keys, the confirmation), in a chunk of its
 * own: it is fetched as soon as paying is possible (the card form is there), so a Pay click never
 * waits for it.
 */
const loadPaying = () =>
  Promise.all([
    import(/* webpackChunkName: "checkout-pay" */ '../submit/payAttempt.ts'),
    import(/* webpackChunkName: "checkout-pay" */ '../submit/idempotency.ts'),
    import(/* webpackChunkName: "checkout-pay" */ './Confirmation.tsx'),
  ]).then(([attempt, idempotency]) => ({ ...attempt, ...idempotency }));

interface PayOrderInput {
  readonly billing: Billing;
  readonly setErrors: Dispatch<SetStateAction<BillingErrors>>;
  /** Called when the shopper tries to pay: from then on every field is checked on blur. */
  readonly markAttempted: () => void;
  readonly card: RefObject<CardPaymentHandle | null>;
  readonly lines: readonly { id: number; qun: number }[];
  readonly couponCode: string | undefined;
  readonly language: Language;
  /** The card method is chosen and the payment mode is known: paying is possible. */
  readonly canPay: boolean;
  readonly onPaid: (order: PaidOrder) => void;
}

const focusBilling = (field: BillingField) => document.getElementById(billingInputId(field))?.focus();

/**
 * The Pay button's work: check the billing details and the card, start the order, let the card
 * form confirm the payment (3-D Secure included), and settle on the service's answer. One attempt
 * at a time, each with its idempotency key, so a repeated click never pays twice.
 */
export function usePayOrder({ billing, setErrors, markAttempted, card, lines, couponCode, language, canPay, onPaid }: PayOrderInput) {
  const t = useT();
  const [paying, setPaying] = useState(false);
  const [authenticating, setAuthenticating] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const inFlight = useRef(false);
  const keys = useRef<IdempotencyKeys | null>(null);

  useEffect(() => {
    if (canPay) void loadPaying().catch(() => undefined);
  }, [canPay]);

  const settle = (result: PayResult) => {
    if (result.kind === 'paid') {
      onPaid(result);
      return;
    }
    if (result.kind === 'rejected' && result.status === 400) {
      const fromServer = fieldErrorsFromServer(result.errors);
      const first = firstInvalidField(fromServer.billing);
      if (first) {
        setErrors((current) => ({ ...current, ...fromServer.billing }));
        setOutcome({ kind: 'fields' });
        focusBilling(first);
        return;
      }
    }
    setOutcome(result);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current || !canPay) return;
    markAttempted();
    setOutcome(null);
    const found = validateBilling(billing);
    setErrors(found);
    const cardValid = card.current?.validate() ?? false;
    const firstBilling = firstInvalidField(found);
    if (firstBilling) {
      focusBilling(firstBilling);
      return;
    }
    if (!cardValid) {
      card.current?.focusFirstInvalid();
      return;
    }
    inFlight.current = true;
    setPaying(true);
    try {
      const payment = await loadPaying().catch(() => null);
      if (!payment) {
        // Offline before anything was sent: nothing to check, only to try again.
        setOutcome({ kind: 'unavailable', message: undefined, sameKey: false });
        return;
      }
      keys.current ??= payment.createIdempotencyKeys(sessionStore());
      settle(
        await payment.payAttempt({
          card: card.current,
          billing: toBillingPayload(billing),
          lines,
          couponCode,
          language,
          keys: keys.current,
          onAuthenticating: () => setAuthenticating(true),
          onConfirmed: () => setAuthenticating(false),
          noCardMessage: t('stripe.failed'),
        }),
      );
    } finally {
      inFlight.current = false;
      setPaying(false);
      setAuthenticating(false);
    }
  };

  return { paying, authenticating, outcome, submit };
}
