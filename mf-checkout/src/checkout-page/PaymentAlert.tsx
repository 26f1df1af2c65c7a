import { Link } from 'react-router-dom';
import { useT } from '../i18n/useT.ts';
import type { PlaceOrderResult } from '../submit/placeOrder.ts';
import styles from './CheckoutPage.module.css';

/** Why the last Pay did not end in an order (a paid order replaces the form with the confirmation). */
export type Outcome =
  | Exclude<PlaceOrderResult, { kind: 'paid' | 'requires_payment' }>
  /** The card could not be confirmed with Stripe (Stripe.js said why). */
  | { readonly kind: 'card'; readonly message: string }
  /** The service pointed at billing fields; their messages are under the fields. */
  | { readonly kind: 'fields' };

/** The answer to the last payment attempt, announced to screen readers as it appears. */
export function PaymentAlert({ outcome }: { readonly outcome: Outcome | null }) {
  const t = useT();
  return (
    <div role="alert" className={outcome ? styles.alert : styles.alertEmpty} data-testid="payment-alert">
      {outcome && <AlertBody outcome={outcome} t={t} />}
    </div>
  );
}

function AlertBody({ outcome, t }: { readonly outcome: Outcome; readonly t: ReturnType<typeof useT> }) {
  switch (outcome.kind) {
    case 'declined':
      return (
        <>
          <p className={styles.alertTitle}>{t('outcome.declinedTitle')}</p>
          <p>{outcome.message || t('outcome.declinedFallback')}</p>
          <p>{t('outcome.cartKept')}</p>
        </>
      );
    case 'rejected':
      if (outcome.code === 'idempotency_key_reused') {
        return (
          <>
            <p className={styles.alertTitle}>{t('outcome.keyReusedTitle')}</p>
            <p>{t('outcome.keyReused')}</p>
          </>
        );
      }
      return (
        <>
          <p className={styles.alertTitle}>{t('outcome.rejectedTitle')}</p>
          <p>{outcome.message}</p>
          {(outcome.code === 'out_of_stock' || outcome.code === 'unknown_product') && (
            <p>
              <Link to="/cart-list">{t('outcome.reviewCart')}</Link>
            </p>
          )}
          <p>{t('outcome.notCharged')}</p>
        </>
      );
    case 'pending':
      return (
        <>
          <p className={styles.alertTitle}>{t('outcome.pendingTitle')}</p>
          <p>{outcome.message}</p>
          <p>{t('outcome.retrySafe')}</p>
        </>
      );
    case 'unavailable':
      return (
        <>
          <p className={styles.alertTitle}>{t('outcome.unavailableTitle')}</p>
          <p>{outcome.message ?? (outcome.sameKey ? t('outcome.unknownResult') : t('outcome.tryLater'))}</p>
          {outcome.sameKey && <p>{t('outcome.retrySafe')}</p>}
        </>
      );
    case 'card':
      return (
        <>
          <p className={styles.alertTitle}>{t('outcome.cardTitle')}</p>
          <p>{outcome.message}</p>
        </>
      );
    case 'fields':
      return <p className={styles.alertTitle}>{t('outcome.fields')}</p>;
  }
}
