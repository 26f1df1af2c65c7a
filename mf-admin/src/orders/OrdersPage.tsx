import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { StaffApi } from '../api/staffApi.ts';
import { useT } from '../i18n/useT.ts';
import ui from '../ui/ui.module.css';
import { filtersFromSearch, hasFilters, rangeIsBackwards, searchFromFilters, type ListFilters } from './listQuery.ts';
import { OrderFilters } from './OrderFilters.tsx';
import { OrderTable } from './OrderTable.tsx';
import { useOrderList } from './useOrderList.ts';
import styles from './OrdersPage.module.css';

/** /admin/orders: every order, newest first, searched and filtered through the address. */
export default function OrdersPage({ api }: { api: StaffApi }) {
  const t = useT();
  const id = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const filters = filtersFromSearch(location.search);
  const backwards = rangeIsBackwards(filters);
  const { load, reload } = useOrderList(api, location.search, backwards);

  const show = (next: ListFilters) => {
    void navigate({ pathname: location.pathname, search: searchFromFilters(next) });
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className={styles.title}>
        {t('list.title')}
      </h1>
      <OrderFilters search={location.search} onShow={show} onRefresh={reload} />

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
          <button type="button" className={ui.button} onClick={reload}>
            {t('list.retry')}
          </button>
        </div>
      ) : load.page.orders.length === 0 ? (
        <p className={ui.notice}>{hasFilters(filters) || filters.cursor ? t('list.empty') : t('list.emptyAll')}</p>
      ) : (
        <OrderTable page={load.page} filters={filters} />
      )}
    </section>
  );
}
