import { useEffect, useId } from 'react';
import { Link, useParams } from 'react-router-dom';
import { breadcrumb } from 'shared-events';
import { useLanguage } from 'shared-events/react';
import type { StaffApi } from '../api/staffApi.ts';
import type { OrderDetail } from 'orders-api/staff';
import { useT } from '../i18n/useT.ts';
import { formatWhen } from '../ui/format.ts';
import ui from '../ui/ui.module.css';
import type { StaffRole } from './actionRules.ts';
import { ActionsPanel } from './ActionsPanel.tsx';
import { OrderLines } from './OrderLines.tsx';
import { PaymentRecord } from './PaymentRecord.tsx';
import { Timeline } from './Timeline.tsx';
import { useOrder } from './useOrder.ts';
import styles from './OrderPage.module.css';

const BILLING_FIELDS = ['company', 'street', 'street2', 'city', 'county', 'postCode', 'country', 'phone', 'email', 'notes'] as const;

/** /admin/orders/{id}: the whole order, its payment's record, its timeline and what staff may do next. */
export default function OrderPage({ api, staffRole }: { api: StaffApi; staffRole: StaffRole }) {
  const t = useT();
  const language = useLanguage();
  const titleId = useId();
  const { id = '' } = useParams();
  const { load, reload } = useOrder(api, id);

  // The breadcrumb names the order rather than its id.
  const title = load.phase === 'ready' ? t('order.title', { number: load.order.number }) : null;
  useEffect(() => {
    if (title) breadcrumb.navigate(title);
  }, [title]);

  const back = (
    <Link className={ui.link} to="/admin/orders">
      ← {t('order.back')}
    </Link>
  );
  if (load.phase === 'loading') {
    return (
      <section>
        {back}
        <p className={ui.notice} role="status">
          {t('order.loading')}
        </p>
      </section>
    );
  }
  if (load.phase === 'failed') {
    return (
      <section>
        {back}
        <div className={ui.alert} role="alert">
          <p>{load.notFound ? t('order.notFound') : t('order.error', { message: load.message })}</p>
          {!load.notFound && (
            <button type="button" className={ui.button} onClick={() => void reload(false)}>
              {t('list.retry')}
            </button>
          )}
        </div>
      </section>
    );
  }

  const { order } = load;
  return (
    <section aria-labelledby={titleId} className={styles.page}>
      {back}
      <header className={styles.head}>
        <h1 id={titleId} className={styles.title}>
          {t('order.title', { number: order.number })}
        </h1>
        <span className={ui.badge} data-testid="order-status">
          {t(`status.${order.status}`)}
        </span>
        <span className={ui.badge}>{t(`payment.${order.payment}`)}</span>
        <span className={styles.muted}>{formatWhen(order.createdAt, language)}</span>
      </header>

      <div className={styles.columns}>
        <div className={styles.main}>
          <OrderLines order={order} headingId={`${titleId}-lines`} />

          <section aria-labelledby={`${titleId}-timeline`}>
            <h2 id={`${titleId}-timeline`} className={styles.heading}>
              {t('order.timeline')}
            </h2>
            <Timeline events={order.timeline} />
          </section>
        </div>

        <aside className={styles.side}>
          <ActionsPanel api={api} order={order} staffRole={staffRole} onChanged={() => reload(true)} />
          <BillingAddress billing={order.billing} headingId={`${titleId}-billing`} />
          <PaymentRecord record={order.paymentRecord} headingId={`${titleId}-payment`} />
        </aside>
      </div>
    </section>
  );
}

/** The billing name and address, one line per field the shopper filled in. */
function BillingAddress({ billing, headingId }: { billing: OrderDetail['billing']; headingId: string }) {
  const t = useT();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('order.billing')}
      </h2>
      <address className={styles.address}>
        <strong>
          {billing.firstName} {billing.lastName}
        </strong>
        {BILLING_FIELDS.filter((field) => billing[field]).map((field) => (
          <span key={field}>{billing[field]}</span>
        ))}
      </address>
    </section>
  );
}
