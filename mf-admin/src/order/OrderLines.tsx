import type { OrderDetail } from 'orders-api/staff';
import { useT } from '../i18n/useT.ts';
import { formatMoney } from '../ui/format.ts';
import styles from './OrderPage.module.css';

/** The order's lines as a table, then its subtotal, coupon, discount, total and what was refunded. */
export function OrderLines({ order, headingId }: { order: OrderDetail; headingId: string }) {
  const t = useT();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('order.lines')}
      </h2>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('order.product')}</th>
              <th scope="col" className={styles.amount}>
                {t('order.unit')}
              </th>
              <th scope="col" className={styles.amount}>
                {t('order.quantity')}
              </th>
              <th scope="col" className={styles.amount}>
                {t('order.lineTotal')}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.productId}>
                <th scope="row">
                  {line.title}
                  {line.refundedQuantity > 0 && <span className={styles.muted}> · {t('order.refundedUnits', { count: line.refundedQuantity })}</span>}
                </th>
                <td className={styles.amount}>{formatMoney(line.unitCents)}</td>
                <td className={styles.amount}>{line.quantity}</td>
                <td className={styles.amount}>{formatMoney(line.lineCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className={styles.totals}>
        <dt>{t('order.subtotal')}</dt>
        <dd>{formatMoney(order.subtotalCents)}</dd>
        {order.coupon && (
          <>
            <dt>{t('order.coupon')}</dt>
            <dd>{order.coupon}</dd>
          </>
        )}
        {order.discountCents > 0 && (
          <>
            <dt>{t('order.discount')}</dt>
            <dd>−{formatMoney(order.discountCents)}</dd>
          </>
        )}
        <dt className={styles.strong}>{t('order.total')}</dt>
        <dd className={styles.strong}>{formatMoney(order.totalCents)}</dd>
        {order.refundedCents > 0 && (
          <>
            <dt>{t('order.refunded')}</dt>
            <dd>−{formatMoney(order.refundedCents)}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
