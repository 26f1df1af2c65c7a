import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { formatPrice, type AuthUser, type CartItem } from 'shared-events';
import {
  emptyBilling,
  fieldErrorsFromServer,
  firstInvalidField,
  prefillFromProfile,
  prefillFromSession,
  toBillingPayload,
  validateBilling,
  validateBillingField,
  type Billing,
  type BillingErrors,
  type BillingField,
} from '../billing/billing.ts';
import { BillingForm, billingInputId } from '../billing/BillingForm.tsx';
import { useLanguage } from 'shared-events/react';
import { useT } from '../i18n/useT.ts';
import { OrderSummary } from '../order/OrderSummary.tsx';
import { cartLines, summarize } from '../order/summary.ts';
import type { CardPaymentHandle } from '../payment/cardPayment.ts';
import { PaymentMethods, type PaymentMethod } from '../payment/PaymentMethods.tsx';
import { StripeCardForm } from '../payment/StripeCardForm.tsx';
import { TestCardForm } from '../payment/TestCardForm.tsx';
import { useProfile } from 'shared-events/react';
import { sessionStore } from '../state/sessionStore.ts';
import { cartFingerprint, createIdempotencyKeys } from '../submit/idempotency.ts';
import { finishPayment, keepsKey, startPayment, type PaidOrder, type PlaceOrderResult } from '../submit/placeOrder.ts';
import styles from './CheckoutPage.module.css';
import { PaymentAlert, type Outcome } from './PaymentAlert.tsx';
import { useCoupon } from './useCoupon.ts';
import { usePaymentMode } from './usePaymentMode.ts';

interface CheckoutFormProps {
  readonly items: readonly CartItem[];
  readonly user: AuthUser | null;
  readonly onPaid: (order: PaidOrder) => void;
}

/** The checkout proper: billing details | order summary and payment; one form, one Pay button. */
export function CheckoutForm({ items, user, onPaid }: CheckoutFormProps) {
  const t = useT();
  const language = useLanguage();
  const [billing, setBilling] = useState<Billing>(() => prefillFromSession(emptyBilling, user));
  const [errors, setErrors] = useState<BillingErrors>({});
  const [dirty, setDirty] = useState<ReadonlySet<BillingField>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [paying, setPaying] = useState(false);
  const [authenticating, setAuthenticating] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const card = useRef<CardPaymentHandle>(null);
  const inFlight = useRef(false);
  const keys = useMemo(() => createIdempotencyKeys(sessionStore()), []);

  const lines = useMemo(() => cartLines(items), [items]);
  const { coupon, recheck } = useCoupon(lines);
  const summary = summarize(items, coupon);
  const { state: modeState, retry: retryMode } = usePaymentMode();

  // A shopper who signs in (or whose session arrives late) gets the name and email filled in.
  useEffect(() => {
    setBilling((current) => prefillFromSession(current, user));
  }, [user]);

  // mf-account publishes the shopper's own users/{uid} record ('account:profile'); the address
  // fills whatever the shopper has not typed yet.
  const profile = useProfile();
  useEffect(() => {
    setBilling((current) => prefillFromProfile(current, profile));
  }, [profile]);

  const change = (field: BillingField, value: string) => {
    setBilling((current) => ({ ...current, [field]: value }));
    setDirty((current) => (current.has(field) ? current : new Set(current).add(field)));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: validateBillingField(field, value) }));
  };

  const blur = (field: BillingField) => {
    if (!dirty.has(field) && !attempted) return;
    setErrors((current) => ({ ...current, [field]: validateBillingField(field, billing[field]) }));
  };

  const focusBilling = (field: BillingField) => document.getElementById(billingInputId(field))?.focus();

  const settle = (result: Exclude<PlaceOrderResult, { kind: 'requires_payment' }>) => {
    // An attempt whose outcome is not final is asked about again with the same key: the service
    // answers the same order (and the same PaymentIntent), never a second one.
    if (!keepsKey(result)) keys.forget();
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
    if (inFlight.current || method !== 'card' || modeState.status !== 'ready') return;
    setAttempted(true);
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
      const payload = toBillingPayload(billing);
      const couponCode = summary.couponCode;
      const started = await startPayment({
        email: card.current?.email() || payload.email || '',
        lines,
        billing: payload,
        ...(couponCode ? { couponCode } : {}),
        idempotencyKey: keys.keyFor(cartFingerprint(lines, couponCode)),
        lang: language,
      });
      if (started.kind !== 'requires_payment') {
        settle(started);
        return;
      }
      const confirmed = (await card.current?.confirmPayment(started.clientSecret, payload, () => setAuthenticating(true))) ?? {
        ok: false,
        message: t('stripe.failed'),
      };
      setAuthenticating(false);
      // Whatever Stripe.js said, the service asks Stripe itself: that answer is the one that counts.
      const result = await finishPayment(started.orderId);
      if (!confirmed.ok && result.kind === 'pending') {
        // Stripe.js could not finish (no connection?): its reason, and the same order next time.
        setOutcome({ kind: 'card', message: confirmed.message });
        return;
      }
      settle(result);
    } finally {
      inFlight.current = false;
      setPaying(false);
      setAuthenticating(false);
    }
  };

  const busy = paying || coupon.status === 'checking';
  const payLabel = authenticating ? t('pay.authenticating') : paying ? t('pay.processing') : t('pay.button', { total: formatPrice(summary.totalCents) });

  return (
    <form className={styles.layout} onSubmit={(event) => void submit(event)} noValidate aria-busy={paying}>
      <section className={styles.panel} aria-labelledby="billing-title">
        <h2 id="billing-title" className={styles.panelTitle}>
          {t('billing.title')}
        </h2>
        <p className={styles.requiredNote}>{t('form.requiredNote')}</p>
        <BillingForm billing={billing} errors={errors} language={language} disabled={paying} onChange={change} onBlur={blur} />
      </section>

      <div className={styles.side}>
        <section className={styles.panel} aria-labelledby="summary-title">
          <h2 id="summary-title" className={styles.panelTitle}>
            {t('summary.title')}
          </h2>
          <OrderSummary summary={summary} coupon={coupon} onRetryCoupon={recheck} />
        </section>

        <section className={styles.panel} aria-labelledby="payment-title">
          <h2 id="payment-title" className={styles.panelTitle}>
            {t('payment.title')}
          </h2>
          <PaymentMethods value={method} disabled={paying} onChange={setMethod} />

          {method !== 'card' && (
            <p className={styles.methodNote} role="status">
              {t('method.offlineNote')}{' '}
              <button type="button" className={styles.linkButton} onClick={() => setMethod('card')}>
                {t('method.useCard')}
              </button>
            </p>
          )}

          <div className={styles.cardArea} hidden={method !== 'card'}>
            {modeState.status === 'loading' && <p className={styles.muted}>{t('payment.loading')}</p>}
            {modeState.status === 'failed' && (
              <p className={styles.methodNote} role="alert">
                {t('payment.configFailed')}{' '}
                <button type="button" className={styles.linkButton} onClick={retryMode}>
                  {t('payment.retry')}
                </button>
              </p>
            )}
            {modeState.status === 'ready' && modeState.mode.kind === 'test' && <TestCardForm ref={card} billingEmail={billing.email} disabled={paying} />}
            {modeState.status === 'ready' && modeState.mode.kind === 'stripe' && (
              <StripeCardForm ref={card} publishableKey={modeState.mode.publishableKey} language={language} billingEmail={billing.email} disabled={paying} />
            )}

            <PaymentAlert outcome={outcome} />

            <button type="submit" className={styles.pay} disabled={busy || modeState.status !== 'ready'}>
              {paying && <span className={styles.spinner} aria-hidden="true" />}
              {payLabel}
            </button>
            <p className={styles.secureNote}>
              <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24">
                <path d="M6 10V7a6 6 0 0 1 12 0v3h1v12H5V10h1zm2 0h8V7a4 4 0 0 0-8 0v3z" fill="currentColor" />
              </svg>
              {t('pay.once')}
            </p>
          </div>
          <p className={styles.backLink}>
            <Link to="/cart-list">{t('page.backToCart')}</Link>
          </p>
        </section>
      </div>
    </form>
  );
}
