import { useEffect, useState, type FormEvent } from 'react';
import { useT } from '../i18n/useT.ts';
import ui from '../ui/ui.module.css';
import { ORDER_STATUSES, PAYMENT_OUTCOMES } from 'orders-api/facts';
import { filtersFromSearch, hasFilters, NO_FILTERS, withFilters, type ListFilters } from './listQuery.ts';
import styles from './OrdersPage.module.css';

/**
 * The search and filter form of the order list. Edits stay a draft until applied; the draft follows
 * the address when it changes (back, forward, a link).
 */
export function OrderFilters({ search, onShow, onRefresh }: { search: string; onShow: (filters: ListFilters) => void; onRefresh: () => void }) {
  const t = useT();
  const filters = filtersFromSearch(search);
  const [draft, setDraft] = useState<ListFilters>(filters);

  useEffect(() => setDraft(filtersFromSearch(search)), [search]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onShow(withFilters(draft, {}));
  };
  const edit = (change: Partial<ListFilters>) => setDraft((current) => ({ ...current, ...change }));

  return (
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
          <button type="button" className={ui.secondary} onClick={() => onShow(NO_FILTERS)}>
            {t('list.clear')}
          </button>
        )}
        <button type="button" className={ui.secondary} onClick={onRefresh}>
          {t('list.refresh')}
        </button>
      </div>
    </form>
  );
}
