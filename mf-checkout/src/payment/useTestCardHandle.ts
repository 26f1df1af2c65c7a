import { useImperativeHandle, useState, type Ref, type RefObject } from 'react';
import { formatPrice } from 'shared-events';
import { useT } from '../i18n/useT.ts';
import { CARD_FIELDS, cardDetails, validateCard, type CardErrors, type CardField, type CardForm } from './card.ts';
import type { CardPaymentHandle } from './cardPayment.ts';
import { createLocalStripe } from './localStripeJs.ts';

/** Where the gateway forwards to the local Stripe (offline default only). */
const LOCAL_STRIPE_BASE = '/local-stripe';

/** A 3-D Secure test challenge waiting for the shopper's answer. */
export interface Challenge {
  readonly amount: string;
  readonly answer: (answer: 'complete' | 'fail') => void;
}

interface TestCardHandleInput {
  readonly form: CardForm;
  readonly email: string;
  readonly now: () => Date;
  readonly setAttempted: (attempted: boolean) => void;
  readonly setErrors: (errors: CardErrors) => void;
  readonly inputs: RefObject<Partial<Record<CardField, HTMLInputElement | null>>>;
}

/**
 * The test card form's side of CardPaymentHandle: validation for the Pay button, and confirming
 * with the local Stripe through the Stripe.js stand-in. Returns the 3-D Secure challenge to show.
 */
export function useTestCardHandle(ref: Ref<CardPaymentHandle>, { form, email, now, setAttempted, setErrors, inputs }: TestCardHandleInput): Challenge | null {
  const t = useT();
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  useImperativeHandle(
    ref,
    () => ({
      validate() {
        setAttempted(true);
        const found = validateCard(form, now());
        setErrors(found);
        return Object.keys(found).length === 0;
      },
      focusFirstInvalid() {
        const found = validateCard(form, now());
        const first = CARD_FIELDS.find((field) => found[field]);
        if (first) inputs.current[first]?.focus();
      },
      email: () => email.trim() || undefined,
      async confirmPayment(clientSecret, _billing, onAuthenticating) {
        const card = cardDetails(form, now());
        if (!card) return { ok: false, message: t('card.error.fixCard') };
        const stripe = createLocalStripe({
          base: LOCAL_STRIPE_BASE,
          authenticate: ({ amountCents }) =>
            new Promise((resolve) => {
              onAuthenticating();
              setChallenge({ amount: formatPrice(amountCents), answer: resolve });
            }),
        });
        try {
          const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
          return result.error ? { ok: false, message: result.error.message } : { ok: true };
        } finally {
          setChallenge(null);
        }
      },
    }),
    // The handle reads the latest form on every render.
    [form, email, now, t, setAttempted, setErrors, inputs],
  );
  return challenge;
}
