import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { loadCategories } from '../api/categories.ts';
import { catalog, listUrl } from '../api/client.ts';
import { useRequest } from '../api/useRequest.ts';
import { shownTotal } from '../api/totals.ts';
import { markBusInstance, useLanguage } from 'shared-events/react';
import { useT } from '../i18n/useT.ts';
import { ProductCardSkeleton } from '../ui/ProductCard.tsx';
import { EmptyState, ErrorState, statusStyles } from '../ui/Status.tsx';
import { FilterChips, shopHref } from './FilterChips.tsx';
import { Filters } from './Filters.tsx';
import { useShopFacets } from './useShopFacets.ts';
import { categoryName } from '../ui/names.ts';
import { pageCount, rangeOf } from './pagination.ts';
import { Pagination } from './Pagination.tsx';
import {
  hasFilters,
  parseShopQuery,
  serializeShopQuery,
  toListParams,
  withoutFilters,
  withPage,
  withPerPage,
  withSort,
  withView,
  type ShopQuery,
} from './queryState.ts';
import { ShopGrid } from './ShopGrid.tsx';
import { Toolbar } from './Toolbar.tsx';
import styles from './ShopPage.module.css';

const MAX_SKELETONS = 9;

export default function ShopPage() {
  const t = useT();
  const language = useLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => parseShopQuery(searchParams), [searchParams]);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const resultsRef = useRef<HTMLElement>(null);

  const setQuery = useCallback(
    (next: ShopQuery, options: { replace?: boolean } = {}) => setSearchParams(serializeShopQuery(next), { replace: options.replace ?? false }),
    [setSearchParams],
  );

  const categories = useRequest(
    'categories',
    () => loadCategories(),
    () => catalog.peekCategories(),
  );
  const categoryList = categories.data ?? [];
  const currentCategory = categoryList.find((c) => c.slug === query.category);
  // A category the catalogue does not have (an old link, a typo) is said so, not sent and refused.
  const unknownCategory = query.category !== null && categories.status === 'success' && !currentCategory;

  const params = toListParams(query);
  const listing = useRequest(
    unknownCategory ? null : listUrl(params),
    (signal) => catalog.listProducts(params, signal),
    () => catalog.peekList(params),
  );

  const data = unknownCategory ? undefined : listing.data;
  const total = data?.total ?? 0;
  const count = pageCount(total, query.perPage);

  // A page past the end (a shared link to a listing that has since shrunk, a hand-edited URL) is
  // pulled back to the last page instead of showing an empty list.
  useEffect(() => {
    if (listing.status === 'success' && total > 0 && query.page > count) setQuery(withPage(query, count, total), { replace: true });
  }, [listing.status, total, count, query, setQuery]);

  const facets = useShopFacets(query, listing, unknownCategory);

  const goToPage = (page: number) => {
    setQuery(withPage(query, page, total));
    const top = resultsRef.current;
    if (top && top.getBoundingClientRect().top < 0) top.scrollIntoView({ block: 'start' });
  };

  const { first, last } = rangeOf(query.page, query.perPage, total);
  const summary = unknownCategory
    ? t('shop.summaryEmpty')
    : listing.status === 'loading' && !data
      ? t('shop.loading')
      : total === 0
        ? t('shop.summaryEmpty')
        : t('shop.summary', { first, last, total: shownTotal({ total, totalIsLowerBound: data?.totalIsLowerBound }, language) });

  const title = currentCategory ? categoryName(t, currentCategory) : query.category ? query.category : t('shop.title');

  const gridClass = `${styles.grid} ${query.view === 'list' ? styles.gridList : ''}`;

  return (
    <div className={styles.page} data-remote="catalog" ref={markBusInstance}>
      <div className={styles.heading}>
        <h1 className={styles.title}>{t('shop.title')}</h1>
        {currentCategory || query.category ? <p className={styles.subtitle}>{title}</p> : null}
      </div>

      <div className={styles.layout}>
        <aside id="shop-filters" className={`${styles.sidebar} ${filtersOpen ? styles.sidebarOpen : ''}`} aria-label={t('shop.filtersLabel')}>
          <Filters query={query} categories={categoryList} facets={facets} onNavigate={() => setFiltersOpen(false)} />
        </aside>

        <section ref={resultsRef} className={styles.results} aria-labelledby="shop-results-heading" aria-busy={listing.status === 'loading'}>
          <h2 id="shop-results-heading" className={styles.visuallyHidden}>
            {t('shop.results')}
          </h2>
          <Toolbar
            query={query}
            summary={summary}
            filtersOpen={filtersOpen}
            onToggleFilters={() => setFiltersOpen((open) => !open)}
            onView={(view) => setQuery(withView(query, view), { replace: true })}
            onSort={(sort) => setQuery(withSort(query, sort))}
            onPerPage={(perPage) => setQuery(withPerPage(query, perPage, listing.status === 'success' && data ? total : null))}
          />

          <FilterChips query={query} categoryTitle={title} />

          {unknownCategory ? (
            <EmptyState title={t('shop.unknownCategory', { category: query.category ?? '' })}>
              <Link to={shopHref(withoutFilters(query))} className={statusStyles.button}>
                {t('shop.showAll')}
              </Link>
            </EmptyState>
          ) : listing.status === 'error' ? (
            <ErrorState error={listing.error} onRetry={listing.retry} title={t('shop.errorTitle')} />
          ) : !data ? (
            <div className={gridClass} aria-hidden="true">
              {Array.from({ length: Math.min(query.perPage, MAX_SKELETONS) }, (_, i) => (
                <ProductCardSkeleton key={i} layout={query.view} />
              ))}
            </div>
          ) : data.products.length === 0 && listing.status === 'success' ? (
            <EmptyState title={hasFilters(query) ? t('shop.emptyFiltered') : t('shop.empty')}>
              {hasFilters(query) && (
                <Link to={shopHref(withoutFilters(query))} className={statusStyles.button}>
                  {t('shop.clearFilters')}
                </Link>
              )}
            </EmptyState>
          ) : (
            <>
              <ShopGrid products={data.products} view={query.view} stale={listing.status === 'loading'} />
              {count >= 1 && <Pagination page={Math.min(query.page, count)} count={count} onPage={goToPage} />}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
