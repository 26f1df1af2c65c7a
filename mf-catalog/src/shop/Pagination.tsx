import { useT } from '../i18n/useT.ts';
import { useHydrated } from 'shared-events/react';
import { ChevronLeft, ChevronRight } from '../ui/icons.tsx';
import { nextPage, pageItems, previousPage } from './pagination.ts';
import styles from './ShopPage.module.css';

type Props = {
  page: number;
  count: number;
  onPage: (page: number) => void;
};

/** Numbered pages with Previous and Next; at the bounds those two stay put. */
export function Pagination({ page, count, onPage }: Props) {
  const t = useT();
  const live = useHydrated();
  const atStart = page <= 1;
  const atEnd = page >= count;
  const go = (target: number) => {
    if (target !== page) onPage(target);
  };
  return (
    <nav className={styles.pagination} aria-label={t('pagination.label')}>
      <ul className={styles.pageList}>
        <li>
          <button
            disabled={!live}
            type="button"
            className={`${styles.pageButton} ${styles.pageStep}`}
            aria-disabled={atStart ? 'true' : undefined}
            onClick={() => go(previousPage(page))}
          >
            <ChevronLeft size={18} />
            <span className={styles.stepLabel}>{t('pagination.previous')}</span>
          </button>
        </li>
        {pageItems(page, count).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className={styles.pageGap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                disabled={!live}
                type="button"
                className={`${styles.pageButton} ${item === page ? styles.pageCurrent : ''}`}
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('pagination.page', { page: item })}
                onClick={() => go(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            disabled={!live}
            type="button"
            className={`${styles.pageButton} ${styles.pageStep}`}
            aria-disabled={atEnd ? 'true' : undefined}
            onClick={() => go(nextPage(page, count))}
          >
            <span className={styles.stepLabel}>{t('pagination.next')}</span>
            <ChevronRight size={18} />
          </button>
        </li>
      </ul>
    </nav>
  );
}
