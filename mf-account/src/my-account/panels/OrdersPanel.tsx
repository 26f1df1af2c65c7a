import { useEffect, useReducer, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatPrice } from 'shared-events';
import { accountSession } from '../../auth/instance.ts';
import { useLanguage } from 'shared-events/react';
import { useScreenT } from '../../i18n/useT.ts';
import type { AccountMessageKey } from '../../i18n/accountMessages.en.ts';
import { accountStrings } from '../../i18n/accountStrings.ts';
import { AlertIcon } from '../../ui/icons/AlertIcon.tsx';
import { BagIcon } from '../../ui/icons/BagIcon.tsx';
import forms from '../../ui/forms.module.css';
import type { PanelProps } from './panel.ts';
import { loadOrders, type OrderSummary, type OrdersResult } from '../orders.ts';
import { OrderTimeline } from './OrderTimeline.tsx';
import styles from '../AccountDashboard.module.css';

const STATUS: Record<string, AccountMessageKey> = {
  pending: 'orders.status.pending',
  failed: 'orders.status.failed',
  paid: 'orders.status.paid',
  packed: 'orders.status.packed',
  shipped: 'orders.status.shipped',
  delivered: 'orders.status.delivered',
  cancelled: 'orders.status.cancelled',
  refunded: 'orders.status.refunded',
};

/** The badge's colour: on its way (paid to shipped), arrived, or stopped (failed, cancelled, refunded). */
function badgeClass(status: string): string {
  if (status === 'delivered') return styles.badgePaid ?? '';
  if (status === 'failed' || status === 'cancelled' || status === 'refunded') return styles.badgeFailed ?? '';
  if (status === 'paid' || status === 'packed' || status === 'shipped') return styles.badgeMoving ?? '';
  return '';
}
const SHOWN_LINES = 2;

function useOrders(uid: string) {
  const [result, setResult] = useState<OrdersResult | null>(null);
  const [attempt, retry] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    let live = true;
    setResult(null);
    void loadOrders({ ensureSession: (options) => accountSession.ensureCheckoutSession(options), fetch: (input, init) => fetch(input, init) }).then(
      (loaded) => live && setResult(loaded),
    );
    return () => {
      live = false;
    };
  }, [uid, attempt]);
  return { result, retry };
}

/** The shopper's orders from the checkout service: number, date, items, status with its timeline, total; or an empty state. */
export function OrdersPanel({ user }: PanelProps) {
  const t = useScreenT(accountStrings);
  const lang = useLanguage();
  const { result, retry } = useOrders(user.uid);

  if (!result)
    return (
      <p className={styles.muted} role="status">
        {t('orders.loading')}
      </p>
    );
  if (result.kind !== 'ok') {
    const message = result.kind === 'signed-out' ? t('orders.signInAgain') : result.kind === 'unsupported' ? t('orders.unsupported') : t('orders.error');
    return (
      <div className={forms.alert} role="alert" data-testid="orders-error">
        <AlertIcon />
        <div className={forms.messageBody}>
          <p>{message}</p>
          {result.kind === 'error' && (
            <button type="button" className={forms.secondary} onClick={retry}>
              {t('common.retry')}
            </button>
          )}
        </div>
      </div>
    );
  }
  if (result.orders.length === 0) {
    return (
      <div className={styles.empty} data-testid="orders-empty">
        <span className={styles.emptyIcon}>
          <BagIcon size={26} />
        </span>
        <p className={styles.emptyTitle}>{t('orders.empty')}</p>
        <Link to="/shop" className={forms.primary}>
          {t('orders.browse')}
        </Link>
      </div>
    );
  }

  const locale = lang === 'ru' ? 'ru-RU' : 'en-US';
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const moment = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const when = (order: OrderSummary) => {
    const parsed = Date.parse(order.createdAt);
    return Number.isFinite(parsed) ? date.format(parsed) : '';
  };
  const at = (iso: string) => moment.format(Date.parse(iso));
  return (
    <div className={styles.panelBody}>
      <p className={styles.muted}>{t('orders.intro')}</p>
      <table className={styles.orders} data-testid="orders-table">
        <caption className={forms.visuallyHidden}>{t('orders.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('orders.number')}</th>
            <th scope="col">{t('orders.date')}</th>
            <th scope="col">{t('orders.items')}</th>
            <th scope="col">{t('orders.status')}</th>
            <th scope="col" className={styles.numeric}>
              {t('orders.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {result.orders.map((order) => (
            <tr key={order.id}>
              <th scope="row" data-label={t('orders.number')}>
                #{order.number}
              </th>
              <td data-label={t('orders.date')}>{order.createdAt && <time dateTime={order.createdAt}>{when(order)}</time>}</td>
              <td data-label={t('orders.items')}>
                <ul className={styles.lines}>
                  {order.lines.slice(0, SHOWN_LINES).map((line, i) => (
                    <li key={i}>{t('orders.line', { title: line.title, quantity: line.quantity })}</li>
                  ))}
                  {order.lines.length > SHOWN_LINES && <li className={styles.muted}>{t('orders.more', { count: order.lines.length - SHOWN_LINES })}</li>}
                </ul>
              </td>
              <td data-label={t('orders.status')}>
                <div className={styles.statusCell}>
                  <span className={`${styles.badge} ${badgeClass(order.status)}`} data-testid="order-status">
                    {STATUS[order.status] ? t(STATUS[order.status] as AccountMessageKey) : order.status}
                  </span>
                  {order.refundedCents > 0 && order.status !== 'refunded' && (
                    <span className={styles.muted}>{t('orders.partlyRefunded', { amount: formatPrice(order.refundedCents) })}</span>
                  )}
                  <OrderTimeline number={order.number} timeline={order.timeline} when={at} />
                </div>
              </td>
              <td data-label={t('orders.total')} className={styles.numeric}>
                <strong>{formatPrice(order.totalCents)}</strong>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
