import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import type { Language } from 'shared-events';
import { useT } from '../i18n/useT.ts';
import type { CardPaymentHandle } from './cardPayment.ts';
import styles from './StripeCardForm.module.css';

interface StripeCardFormProps {
  readonly ref: Ref<CardPaymentHandle>;
  readonly publishableKey: string;
  readonly language: Language;
  readonly billingEmail: string;
  readonly disabled: boolean;
}

type Status = 'loading' | 'ready' | 'failed';

/**
 * Real card payment with Stripe Elements, used only when /app-config.json carries a publishable
 * key. @stripe/stripe-js is imported dynamically here, so the offline default never downloads it
 * (and never loads js.stripe.com). The card element confirms the order's PaymentIntent from
 * Stripe's iframe; this page never sees the card number.
 */
export function StripeCardForm({ ref, publishableKey, language, billingEmail, disabled }: StripeCardFormProps) {
  const t = useT();
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<Stripe | null>(null);
  const cardRef = useRef<StripeCardElement | null>(null);
  const retryRef = useRef<HTMLButtonElement>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [complete, setComplete] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    let card: StripeCardElement | undefined;
    setStatus('loading');
    (async () => {
      const { loadStripe } = await import(/* webpackChunkName: "stripe-js" */ '@stripe/stripe-js');
      const stripe = await loadStripe(publishableKey, { locale: language });
      if (cancelled) return;
      if (!stripe || !mountRef.current) throw new Error('Stripe.js did not load');
      const elements = stripe.elements({ locale: language });
      card = elements.create('card', {
        hidePostalCode: true,
        style: {
          base: { fontSize: '16px', color: '#1b1f24', '::placeholder': { color: '#555d68' } },
          invalid: { color: '#b42318' },
        },
      });
      card.on('change', (event) => {
        setComplete(event.complete);
        setError(event.error?.message);
      });
      card.mount(mountRef.current);
      stripeRef.current = stripe;
      cardRef.current = card;
      setStatus('ready');
    })().catch(() => {
      if (!cancelled) setStatus('failed');
    });
    return () => {
      cancelled = true;
      card?.destroy();
      cardRef.current = null;
    };
  }, [publishableKey, language, attempt]);

  useEffect(() => {
    cardRef.current?.update({ disabled });
  }, [disabled, status]);

  useImperativeHandle(
    ref,
    () => ({
      validate() {
        if (status !== 'ready') return false;
        if (!complete && !error) setError(t('stripe.incomplete'));
        return complete && !error;
      },
      focusFirstInvalid() {
        // Without a card form there is nothing to fix but loading it again.
        if (status === 'failed') retryRef.current?.focus();
        else cardRef.current?.focus();
      },
      email: () => billingEmail.trim() || undefined,
      // Stripe.js shows the bank's 3-D Secure challenge itself when the card needs it.
      async confirmPayment(clientSecret, billing) {
        const stripe = stripeRef.current;
        const card = cardRef.current;
        if (!stripe || !card) return { ok: false, message: t('stripe.failed') };
        const name = [billing.firstName, billing.lastName].filter(Boolean).join(' ');
        const result = await stripe.confirmCardPayment(clientSecret, {
          payment_method: {
            card,
            billing_details: {
              ...(name ? { name } : {}),
              ...(billing.email ? { email: billing.email } : {}),
              address: {
                ...(billing.street ? { line1: billing.street } : {}),
                ...(billing.street2 ? { line2: billing.street2 } : {}),
                ...(billing.city ? { city: billing.city } : {}),
                ...(billing.county ? { state: billing.county } : {}),
                ...(billing.postCode ? { postal_code: billing.postCode } : {}),
              },
            },
          },
        });
        return result.error ? { ok: false, message: result.error.message ?? t('stripe.failed') } : { ok: true };
      },
    }),
    [status, complete, error, billingEmail, t],
  );

  return (
    <div className={styles.stripe}>
      <p className={styles.label} id="stripe-card-label">
        {t('stripe.label')}
      </p>
      <div
        id="stripe-card"
        ref={mountRef}
        className={error ? `${styles.element} ${styles.invalid}` : styles.element}
        role="group"
        aria-labelledby="stripe-card-label"
        aria-describedby={error ? 'stripe-card-error' : undefined}
        hidden={status === 'failed'}
      />
      {status === 'loading' && <p className={styles.note}>{t('stripe.loading')}</p>}
      {status === 'failed' && (
        <p className={styles.error} role="alert">
          {t('stripe.loadFailed')}{' '}
          <button ref={retryRef} type="button" className={styles.retry} onClick={() => setAttempt((n) => n + 1)}>
            {t('stripe.retry')}
          </button>
        </p>
      )}
      {error && (
        <p id="stripe-card-error" className={styles.error}>
          {error}
        </p>
      )}
      <p className={styles.note}>{t('stripe.secure')}</p>
    </div>
  );
}
