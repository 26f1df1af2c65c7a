import { Link } from 'react-router-dom';
import { useLanguage } from 'shared-events/react';
import type { OrderPage } from 'orders-api/staff';
import { useT } from '../i18n/useT.ts';
import { formatMoney, formatWhen } from '../ui/format.ts';
import ui from '../ui/ui.module.css';
import { searchFromFilters, type ListFilters } from './listQuery.ts';
import styles from './OrdersPage.module.css';

/** One page of orders as a table, each number linking to its order, then links to the first and next pages. */
export function OrderTable({ page, filters }: { page: OrderPage; filters: ListFilters }) {
  const t = useT();
  const language = useLanguage();
  return (
    <>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <caption className={ui.visuallyHidden}>{t('list.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('list.number')}</th>
              <th scope="col">{t('list.date')}</th>
              <th scope="col">{t('list.email')}</th>
              <th scope="col" className={styles.amount}>
                {t('list.total')}
              </th>
              <th scope="col">{t('list.status')}</th>
              <th scope="col">{t('list.payment')}</th>
            </tr>
          </thead>
          <tbody>
            {page.orders.map((order) => (
              <tr key={order.id}>
                <th scope="row">
                  <Link className={ui.link} to={`/admin/orders/${order.id}`}>
                    #{order.number}
                  </Link>
                </th>
                <td>{formatWhen(order.createdAt, language)}</td>
                <td className={styles.email}>{order.email}</td>
                <td className={styles.amount}>{formatMoney(order.totalCents)}</td>
                <td>
                  <span className={ui.badge} data-status={order.status}>
                    {t(`status.${order.status}`)}
                  </span>
                </td>
                <td>{t(`payment.${order.payment}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav className={styles.pages} aria-label={t('list.title')}>
        {filters.cursor && (
          <Link className={ui.secondary} to={{ search: searchFromFilters({ ...filters, cursor: '' }) }}>
            {t('list.first')}
          </Link>
        )}
        {page.nextCursor && (
          <Link className={ui.secondary} to={{ search: searchFromFilters({ ...filters, cursor: page.nextCursor }) }}>
            {t('list.next')}
          </Link>
        )}
      </nav>
    </>
  );
}
