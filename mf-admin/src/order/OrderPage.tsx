import { useCallback, useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { breadcrumb } from 'shared-events';
import { useLanguage } from 'shared-events/react';
import { StaffApiError, type StaffApi } from '../api/staffApi.ts';
import type { OrderDetail } from '../api/types.ts';
import { useT } from '../i18n/useT.ts';
import { formatMoney, formatWhen } from '../ui/format.ts';
import ui from '../ui/ui.module.css';
import type { StaffRole } from './actionRules.ts';
import { ActionsPanel } from './ActionsPanel.tsx';
import { Timeline } from './Timeline.tsx';
import styles from './OrderPage.module.css';

type Load = { phase: 'loading' } | { phase: 'failed'; message: string; notFound: boolean } | { phase: 'ready'; order: OrderDetail };

const BILLING_FIELDS = ['company', 'street', 'street2', 'city', 'county', 'postCode', 'country', 'phone', 'email', 'notes'] as const;

/** /admin/orders/{id}: the whole order, its payment's record, its timeline and what staff may do next. */
export default function OrderPage({ api, staffRole }: { api: StaffApi; staffRole: StaffRole }) {
  const t = useT();
  const language = useLanguage();
  const titleId = useId();
  const { id = '' } = useParams();
  const [load, setLoad] = useState<Load>({ phase: 'loading' });

  /** Reads the order again; the page keeps showing the last state while it does (after an action). */
  const reload = useCallback(
    (quiet: boolean) => {
      if (!quiet) setLoad({ phase: 'loading' });
      return api.order(id).then(
        (order) => setLoad({ phase: 'ready', order }),
        (error: unknown) =>
          setLoad({
            phase: 'failed',
            message: error instanceof Error ? error.message : String(error),
            notFound: error instanceof StaffApiError && (error.status === 404 || error.status === 400),
          }),
      );
    },
    [api, id],
  );

  useEffect(() => {
    void reload(false);
  }, [reload]);

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
  const billing = order.billing;
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
          <section aria-labelledby={`${titleId}-lines`}>
            <h2 id={`${titleId}-lines`} className={styles.heading}>
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

          <section aria-labelledby={`${titleId}-timeline`}>
            <h2 id={`${titleId}-timeline`} className={styles.heading}>
              {t('order.timeline')}
            </h2>
            <Timeline events={order.timeline} />
          </section>
        </div>

        <aside className={styles.side}>
          <ActionsPanel api={api} order={order} staffRole={staffRole} onChanged={() => reload(true)} />

          <section aria-labelledby={`${titleId}-billing`}>
            <h2 id={`${titleId}-billing`} className={styles.heading}>
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

          <section aria-labelledby={`${titleId}-payment`}>
            <h2 id={`${titleId}-payment`} className={styles.heading}>
              {t('order.payment')}
            </h2>
            {order.paymentRecord.id ? (
              <dl className={styles.facts}>
                <dt>{t('order.paymentId')}</dt>
                <dd className={styles.code}>{order.paymentRecord.id}</dd>
                {order.paymentRecord.kind && (
                  <>
                    <dt>{t('order.paymentKind')}</dt>
                    <dd>
                      {order.paymentRecord.kind === 'payment_intent'
                        ? 'PaymentIntent'
                        : order.paymentRecord.kind === 'charge'
                          ? 'Charge'
                          : order.paymentRecord.kind}
                    </dd>
                  </>
                )}
                {order.paymentRecord.source && order.paymentRecord.source !== order.paymentRecord.id && (
                  <>
                    <dt>{t('order.paymentSource')}</dt>
                    <dd>{order.paymentRecord.source}</dd>
                  </>
                )}
              </dl>
            ) : (
              <p className={styles.muted}>{t('order.paymentNone')}</p>
            )}
            {order.paymentRecord.refunds.length > 0 && (
              <>
                <h3 className={styles.subheading}>{t('order.refunds')}</h3>
                <ul className={styles.refunds}>
                  {order.paymentRecord.refunds.map((refund) => (
                    <li key={refund.id}>
                      {t('order.refundLine', { amount: formatMoney(refund.amountCents), status: refund.status, when: formatWhen(refund.createdAt, language) })}
                      {refund.failureMessage && <span className={ui.error}> {refund.failureMessage}</span>}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
        </aside>
      </div>
    </section>
  );
}
