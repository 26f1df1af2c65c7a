import { useLanguage } from 'shared-events/react';
import type { OrderDetail } from 'orders-api/staff';
import { useT } from '../i18n/useT.ts';
import { formatMoney, formatWhen } from '../ui/format.ts';
import ui from '../ui/ui.module.css';
import styles from './OrderPage.module.css';

/** The payment provider's record of the order: its id, kind and source, and the refunds made on it. */
export function PaymentRecord({ record, headingId }: { record: OrderDetail['paymentRecord']; headingId: string }) {
  const t = useT();
  const language = useLanguage();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('order.payment')}
      </h2>
      {record.id ? (
        <dl className={styles.facts}>
          <dt>{t('order.paymentId')}</dt>
          <dd className={styles.code}>{record.id}</dd>
          {record.kind && (
            <>
              <dt>{t('order.paymentKind')}</dt>
              <dd>{record.kind === 'payment_intent' ? 'PaymentIntent' : record.kind === 'charge' ? 'Charge' : record.kind}</dd>
            </>
          )}
          {record.source && record.source !== record.id && (
            <>
              <dt>{t('order.paymentSource')}</dt>
              <dd>{record.source}</dd>
            </>
          )}
        </dl>
      ) : (
        <p className={styles.muted}>{t('order.paymentNone')}</p>
      )}
      {record.refunds.length > 0 && (
        <>
          <h3 className={styles.subheading}>{t('order.refunds')}</h3>
          <ul className={styles.refunds}>
            {record.refunds.map((refund) => (
              <li key={refund.id}>
                {t('order.refundLine', { amount: formatMoney(refund.amountCents), status: refund.status, when: formatWhen(refund.createdAt, language) })}
                {refund.failureMessage && <span className={ui.error}> {refund.failureMessage}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
