import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useLanguage } from 'shared-events/react';
import type { StaffApi } from '../api/staffApi.ts';
import type { OrderPage as Page } from '../api/types.ts';
import { useT } from '../i18n/useT.ts';
import { formatMoney, formatWhen } from '../ui/format.ts';
import ui from '../ui/ui.module.css';
import {
  apiQuery,
  filtersFromSearch,
  hasFilters,
  NO_FILTERS,
  ORDER_STATUSES,
  PAYMENT_OUTCOMES,
  rangeIsBackwards,
  searchFromFilters,
  withFilters,
  type ListFilters,
} from './listQuery.ts';
import styles from './OrdersPage.module.css';

type Load = { phase: 'loading' } | { phase: 'failed'; message: string } | { phase: 'ready'; page: Page };

/** /admin/orders: every order, newest first, searched and filtered through the address. */
export default function OrdersPage({ api }: { api: StaffApi }) {
  const t = useT();
  const language = useLanguage();
  const id = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const filters = filtersFromSearch(location.search);
  const [draft, setDraft] = useState<ListFilters>(filters);
  const [load, setLoad] = useState<Load>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const backwards = rangeIsBackwards(filters);

  useEffect(() => setDraft(filtersFromSearch(location.search)), [location.search]);

  useEffect(() => {
    if (backwards) return;
    let live = true;
    setLoad({ phase: 'loading' });
    api.listOrders(apiQuery(filtersFromSearch(location.search))).then(
      (page) => live && setLoad({ phase: 'ready', page }),
      (error: unknown) => live && setLoad({ phase: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [api, location.search, attempt, backwards]);

  const show = (next: ListFilters) => {
    void navigate({ pathname: location.pathname, search: searchFromFilters(next) });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    show(withFilters(draft, {}));
  };
  const edit = (change: Partial<ListFilters>) => setDraft((current) => ({ ...current, ...change }));

  return (
    <section aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className={styles.title}>
        {t('list.title')}
      </h1>
      <form className={styles.filters} onSubmit={submit} role="search">
        <label className={`${ui.field} ${styles.search}`}>
          {t('list.search')}
          <input type="search" value={draft.q} maxLength={200} placeholder={t('list.searchHint')} onChange={(event) => edit({ q: event.target.value })} />
        </label>
        <label className={ui.field}>
          {t('list.status')}
          <select value={draft.status} onChange={(event) => edit({ status: event.target.value as ListFilters['status'] })}>
            <option value="">{t('list.any')}</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={ui.field}>
          {t('list.payment')}
          <select value={draft.payment} onChange={(event) => edit({ payment: event.target.value as ListFilters['payment'] })}>
            <option value="">{t('list.any')}</option>
            {PAYMENT_OUTCOMES.map((outcome) => (
              <option key={outcome} value={outcome}>
                {t(`payment.${outcome}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={ui.field}>
          {t('list.from')}
          <input type="date" value={draft.from} onChange={(event) => edit({ from: event.target.value })} />
        </label>
        <label className={ui.field}>
          {t('list.to')}
          <input type="date" value={draft.to} onChange={(event) => edit({ to: event.target.value })} />
        </label>
        <div className={styles.buttons}>
          <button type="submit" className={ui.button}>
            {t('list.apply')}
          </button>
          {hasFilters(filters) && (
            <button type="button" className={ui.secondary} onClick={() => show(NO_FILTERS)}>
              {t('list.clear')}
            </button>
          )}
          <button type="button" className={ui.secondary} onClick={() => setAttempt((n) => n + 1)}>
            {t('list.refresh')}
          </button>
        </div>
      </form>

      {backwards ? (
        <p className={ui.alert} role="alert">
          {t('list.badRange')}
        </p>
      ) : load.phase === 'loading' ? (
        <p className={ui.notice} role="status">
          {t('list.loading')}
        </p>
      ) : load.phase === 'failed' ? (
        <div className={ui.alert} role="alert">
          <p>{t('list.error', { message: load.message })}</p>
          <button type="button" className={ui.button} onClick={() => setAttempt((n) => n + 1)}>
            {t('list.retry')}
          </button>
        </div>
      ) : load.page.orders.length === 0 ? (
        <p className={ui.notice}>{hasFilters(filters) || filters.cursor ? t('list.empty') : t('list.emptyAll')}</p>
      ) : (
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
                {load.page.orders.map((order) => (
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
            {load.page.nextCursor && (
              <Link className={ui.secondary} to={{ search: searchFromFilters({ ...filters, cursor: load.page.nextCursor }) }}>
                {t('list.next')}
              </Link>
            )}
          </nav>
        </>
      )}
    </section>
  );
}
