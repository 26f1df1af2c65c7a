import { useId } from 'react';
import { Link } from 'react-router-dom';
import { formatPrice } from 'shared-events';
import { totalAfterDiscount, type CartSummary } from '../cart-state/summary.ts';
import { useT } from '../i18n/useT.ts';
import { ArrowRightIcon } from '../ui/icons.tsx';
import type { AppliedCoupon } from './useCoupon.ts';
import styles from './CartPage.module.css';

/** Total Quantity, Total (less an accepted coupon) and Proceed to Checkout. */
export function CartTotals({ summary, coupon }: { summary: CartSummary; coupon: AppliedCoupon | null }) {
  const t = useT();
  const titleId = useId();
  const discount = coupon?.discountCents ?? null;
  const total = discount === null ? summary.subtotalCents : totalAfterDiscount(summary.subtotalCents, discount);
  return (
    <section className={styles.totals} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.totalsTitle}>
        {t('totals.title')}
      </h2>
      <dl className={styles.totalsList}>
        <div className={styles.totalsRow}>
          <dt>{t('totals.quantity')}</dt>
          <dd data-testid="cart-total-quantity">{summary.totalQuantity}</dd>
        </div>
        {coupon && discount !== null && (
          <>
            <div className={styles.totalsRow}>
              <dt>{t('totals.subtotal')}</dt>
              <dd>{formatPrice(summary.subtotalCents)}</dd>
            </div>
            <div className={`${styles.totalsRow} ${styles.discount}`}>
              <dt>{t('coupon.discount', { code: coupon.code })}</dt>
              <dd>{formatPrice(-discount)}</dd>
            </div>
          </>
        )}
        <div className={`${styles.totalsRow} ${styles.grandTotal}`}>
          <dt>{t('totals.total')}</dt>
          <dd data-testid="cart-total">{formatPrice(total)}</dd>
        </div>
      </dl>
      <Link to="/checkout" className={styles.proceed}>
        {t('totals.proceed')}
        <ArrowRightIcon />
      </Link>
    </section>
  );
}
