import { formatPrice } from 'shared-events';
import { useT } from '../i18n/useT.ts';
import type { CouponState } from './coupon.ts';
import styles from './OrderSummary.module.css';
import type { OrderSummary as Summary } from './summary.ts';

interface OrderSummaryProps {
  readonly summary: Summary;
  readonly coupon: CouponState;
  readonly onRetryCoupon: () => void;
}

/** The spec's order table: "title x quantity" with line totals, Total Quantity, Subtotal, Total. */
export function OrderSummary({ summary, coupon, onRetryCoupon }: OrderSummaryProps) {
  const t = useT();
  return (
    <div className={styles.summary}>
      <table className={styles.table}>
        <caption className={styles.caption}>{t('summary.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('summary.product')}</th>
            <th scope="col" className={styles.amount}>
              {t('summary.lineTotal')}
            </th>
          </tr>
        </thead>
        <tbody>
          {summary.lines.map((line) => (
            <tr key={line.id}>
              <th scope="row" className={styles.item}>
                {t('summary.line', { title: line.title, qun: line.qun })}
              </th>
              <td className={styles.amount}>{formatPrice(line.lineCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('summary.totalQuantity')}</th>
            <td className={styles.amount}>{summary.totalQuantity}</td>
          </tr>
          <tr>
            <th scope="row">{t('summary.subtotal')}</th>
            <td className={styles.amount}>{formatPrice(summary.subtotalCents)}</td>
          </tr>
          {coupon.status === 'applied' && (
            <tr className={styles.discount}>
              <th scope="row">{t('summary.coupon', { code: coupon.code })}</th>
              <td className={styles.amount}>{formatPrice(-summary.discountCents)}</td>
            </tr>
          )}
          <tr className={styles.total}>
            <th scope="row">{t('summary.total')}</th>
            <td className={styles.amount}>{formatPrice(summary.totalCents)}</td>
          </tr>
        </tfoot>
      </table>
      <div aria-live="polite" className={styles.notes}>
        {coupon.status === 'checking' && <p className={styles.note}>{t('coupon.checking', { code: coupon.code })}</p>}
        {coupon.status === 'rejected' && (
          <p className={styles.warning}>
            {coupon.message ? t('coupon.rejected', { code: coupon.code, message: coupon.message }) : t('coupon.rejectedPlain', { code: coupon.code })}
          </p>
        )}
        {coupon.status === 'unavailable' && (
          <p className={styles.warning}>
            {t('coupon.unavailable', { code: coupon.code })}{' '}
            <button type="button" className={styles.linkButton} onClick={onRetryCoupon}>
              {t('coupon.retry')}
            </button>
          </p>
        )}
        {summary.pricesChanged && <p className={styles.note}>{t('summary.pricesChanged')}</p>}
        <p className={styles.note}>{t('summary.serverPriced')}</p>
      </div>
    </div>
  );
}
