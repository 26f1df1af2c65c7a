import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { formatPrice } from 'shared-events';
import { useT } from '../i18n/useT.ts';
import type { PaidOrder } from '../submit/placeOrder.ts';
import styles from './Confirmation.module.css';

/** The order confirmation: the spec's "We are in business, {email}", with the service's number and total. */
export function Confirmation({ order, signedIn }: { readonly order: PaidOrder; readonly signedIn: boolean }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);

  // Screen reader and keyboard users land on the news, not on whatever had focus (the Pay button is gone).
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  }, []);

  return (
    <div className={styles.confirmation} data-testid="order-confirmation">
      <svg aria-hidden="true" width="56" height="56" viewBox="0 0 56 56" className={styles.icon}>
        <circle cx="28" cy="28" r="28" fill="currentColor" />
        <path d="m17 29 7.5 7.5L39.5 21" fill="none" stroke="#fff" strokeWidth="4.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h2 ref={heading} tabIndex={-1} className={styles.title}>
        {t('confirmation.title', { email: order.email })}
      </h2>
      <p className={styles.lead}>{t('confirmation.lead')}</p>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{t('confirmation.number')}</dt>
          <dd data-testid="order-number">#{order.orderNumber}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('confirmation.total')}</dt>
          <dd data-testid="order-total">{formatPrice(order.totalCents)}</dd>
        </div>
      </dl>
      <div className={styles.actions}>
        <Link to="/shop" className={styles.primary}>
          {t('confirmation.continue')}
        </Link>
        {signedIn && (
          <Link to="/my-account" className={styles.secondary}>
            {t('confirmation.orders')}
          </Link>
        )}
      </div>
    </div>
  );
}
