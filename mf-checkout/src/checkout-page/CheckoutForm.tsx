import { useMemo, useRef, useState } from 'react';
import type { AuthUser, CartItem } from 'shared-events';
import { BillingForm } from '../billing/BillingForm.tsx';
import { useLanguage } from 'shared-events/react';
import { useT } from '../i18n/useT.ts';
import { OrderSummary } from '../order/OrderSummary.tsx';
import { cartLines, summarize } from '../order/summary.ts';
import type { CardPaymentHandle } from '../payment/cardPayment.ts';
import type { PaymentMethod } from '../payment/PaymentMethods.tsx';
import type { PaidOrder } from '../submit/placeOrder.ts';
import styles from './CheckoutPage.module.css';
import { PaymentSection } from './PaymentSection.tsx';
import { useBilling } from './useBilling.ts';
import { useCoupon } from './useCoupon.ts';
import { usePaymentMode } from './usePaymentMode.ts';
import { usePayOrder } from './usePayOrder.ts';

interface CheckoutFormProps {
  readonly items: readonly CartItem[];
  readonly user: AuthUser | null;
  readonly onPaid: (order: PaidOrder) => void;
}

/** The checkout proper: billing details | order summary and payment; one form, one Pay button. */
export function CheckoutForm({ items, user, onPaid }: CheckoutFormProps) {
  const t = useT();
  const language = useLanguage();
  const { billing, errors, setErrors, markAttempted, change, blur } = useBilling(user);
  const [method, setMethod] = useState<PaymentMethod>('card');
  const card = useRef<CardPaymentHandle>(null);

  const lines = useMemo(() => cartLines(items), [items]);
  const { coupon, recheck } = useCoupon(lines);
  const summary = summarize(items, coupon);
  const { state: modeState, retry: retryMode } = usePaymentMode();
  const canPay = method === 'card' && modeState.status === 'ready';
  const { paying, authenticating, outcome, submit } = usePayOrder({
    billing,
    setErrors,
    markAttempted,
    card,
    lines,
    couponCode: summary.couponCode,
    language,
    canPay,
    onPaid,
  });

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

        <PaymentSection
          method={method}
          onMethod={setMethod}
          modeState={modeState}
          retryMode={retryMode}
          card={card}
          billingEmail={billing.email}
          language={language}
          paying={paying}
          authenticating={authenticating}
          busy={paying || coupon.status === 'checking'}
          outcome={outcome}
          totalCents={summary.totalCents}
        />
      </div>
    </form>
  );
}
