import type { RefObject } from 'react';
import { Link } from 'react-router-dom';
import { formatPrice, type Language } from 'shared-events';
import { useT } from '../i18n/useT.ts';
import type { CardPaymentHandle } from '../payment/cardPayment.ts';
import { PaymentMethods, type PaymentMethod } from '../payment/PaymentMethods.tsx';
import styles from './CheckoutPage.module.css';
import { PaymentAlert, type Outcome } from './PaymentAlert.tsx';
import type { PaymentModeState } from './usePaymentMode.ts';

interface PaymentSectionProps {
  readonly method: PaymentMethod;
  readonly onMethod: (method: PaymentMethod) => void;
  readonly modeState: PaymentModeState;
  readonly retryMode: () => void;
  readonly card: RefObject<CardPaymentHandle | null>;
  readonly billingEmail: string;
  readonly language: Language;
  readonly paying: boolean;
  readonly authenticating: boolean;
  /** The Pay button waits (a payment or a coupon check under way). */
  readonly busy: boolean;
  readonly outcome: Outcome | null;
  readonly totalCents: number;
}

/** The checkout's payment panel: the method, the card form of the payment mode, the outcome and the Pay button. */
export function PaymentSection(props: PaymentSectionProps) {
  const { method, onMethod, modeState, retryMode, card, billingEmail, language, paying, authenticating, busy, outcome, totalCents } = props;
  const t = useT();
  const mode = modeState.status === 'ready' ? modeState.mode : null;
  const payLabel = authenticating ? t('pay.authenticating') : paying ? t('pay.processing') : t('pay.button', { total: formatPrice(totalCents) });
  return (
    <section className={styles.panel} aria-labelledby="payment-title">
      <h2 id="payment-title" className={styles.panelTitle}>
        {t('payment.title')}
      </h2>
      <PaymentMethods value={method} disabled={paying} onChange={onMethod} />

      {method !== 'card' && (
        <p className={styles.methodNote} role="status">
          {t('method.offlineNote')}{' '}
          <button type="button" className={styles.linkButton} onClick={() => onMethod('card')}>
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
        {mode?.kind === 'test' && <mode.Form ref={card} billingEmail={billingEmail} disabled={paying} />}
        {mode?.kind === 'stripe' && (
          <mode.Form ref={card} publishableKey={mode.publishableKey} language={language} billingEmail={billingEmail} disabled={paying} />
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
  );
}
