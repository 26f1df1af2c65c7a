import { useT } from '../i18n/useT.ts';
import { useHydrated } from 'shared-events/react';
import { FilterIcon, GridIcon, ListIcon } from '../ui/icons.tsx';
import { PER_PAGE_OPTIONS, SORT_OPTIONS, type ShopQuery, type SortOption, type ViewMode } from './queryState.ts';
import styles from './ShopPage.module.css';

const SORT_KEYS = {
  featured: 'sort.featured',
  'best-seller': 'sort.bestSeller',
  'new-arrival': 'sort.newArrival',
  'final-offer': 'sort.finalOffer',
} as const;

type Props = {
  query: ShopQuery;
  summary: string;
  filtersOpen: boolean;
  onToggleFilters: () => void;
  onView: (view: ViewMode) => void;
  onSort: (sort: SortOption) => void;
  onPerPage: (perPage: number) => void;
};

export function Toolbar({ query, summary, filtersOpen, onToggleFilters, onView, onSort, onPerPage }: Props) {
  const t = useT();
  const live = useHydrated();
  return (
    <div className={styles.toolbar}>
      <div className={styles.toolbarStart}>
        <button
          type="button"
          className={styles.filtersToggle}
          aria-expanded={filtersOpen}
          aria-controls="shop-filters"
          onClick={onToggleFilters}
          data-interaction="filter"
          disabled={!live}
        >
          <FilterIcon size={18} />
          {t('shop.filters')}
        </button>
        <div className={styles.viewToggle} role="group" aria-label={t('shop.view')}>
          <button
            type="button"
            className={`${styles.viewButton} ${query.view === 'grid' ? styles.viewActive : ''}`}
            aria-pressed={query.view === 'grid'}
            aria-label={t('shop.gridView')}
            title={t('shop.gridView')}
            onClick={() => onView('grid')}
            disabled={!live}
          >
            <GridIcon size={18} />
          </button>
          <button
            type="button"
            className={`${styles.viewButton} ${query.view === 'list' ? styles.viewActive : ''}`}
            aria-pressed={query.view === 'list'}
            aria-label={t('shop.listView')}
            title={t('shop.listView')}
            onClick={() => onView('list')}
            disabled={!live}
          >
            <ListIcon size={18} />
          </button>
        </div>
        <p className={styles.summary} aria-live="polite">
          {summary}
        </p>
      </div>
      <div className={styles.toolbarEnd}>
        <label className={styles.selectField}>
          <span className={styles.selectLabel}>{t('shop.sortBy')}</span>
          <select className={styles.select} disabled={!live} value={query.sort} onChange={(event) => onSort(event.target.value as SortOption)}>
            {SORT_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {t(SORT_KEYS[option])}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.selectField}>
          <span className={styles.selectLabel}>{t('shop.show')}</span>
          <select className={styles.select} disabled={!live} value={query.perPage} onChange={(event) => onPerPage(Number(event.target.value))}>
            {PER_PAGE_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
      </div>
    </div>
  );
}
