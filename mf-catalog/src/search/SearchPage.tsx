import { useLocation, useNavigate, Link } from 'react-router-dom';
import { CARD_FIELDS, catalog, listUrl, type ListParams } from '../api/client.ts';
import { useRequest } from '../api/useRequest.ts';
import { markBusInstance, useLanguage } from 'shared-events/react';
import { useT } from '../i18n/useT.ts';
import { shownTotal } from '../api/totals.ts';
import { pageCount } from '../shop/pagination.ts';
import { Pagination } from '../shop/Pagination.tsx';
import { GridCell } from '../ui/GridCell.tsx';
import { ProductCard, ProductCardSkeleton } from '../ui/ProductCard.tsx';
import { EmptyState, ErrorState, statusStyles } from '../ui/Status.tsx';
import { offsetOf } from '../shop/pagination.ts';
import { readSearchLocation, searchHref, SEARCH_PER_PAGE } from './searchState.ts';
import { Correction } from './Correction.tsx';
import styles from './SearchPage.module.css';

const EAGER_CARDS = 4;

export default function SearchPage() {
  const t = useT();
  const language = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const { term, page, exact, handed } = readSearchLocation(location.search, location.state);

  // The header hands over its matches (shown at once); the full, paged results come from the
  // catalogue's indexed search, which is also all there is after a reload or from a shared link.
  const params: ListParams = {
    q: term,
    ...(exact ? { typos: 'off' } : {}),
    limit: SEARCH_PER_PAGE,
    skip: offsetOf(page, SEARCH_PER_PAGE),
    select: CARD_FIELDS,
  };
  const request = useRequest(
    term ? listUrl(params) : null,
    (signal) => catalog.listProducts(params, signal),
    () => catalog.peekList(params),
  );
  const fresh = request.status === 'success' ? request.data : undefined;
  const products = fresh?.products ?? (request.status === 'loading' ? (handed ?? undefined) : undefined);
  const total = fresh?.total ?? null;
  const count = total === null ? 1 : pageCount(total, SEARCH_PER_PAGE);

  const goToPage = (target: number) => {
    navigate(searchHref({ term, page: target, exact }));
    window.scrollTo({ top: 0 });
  };

  return (
    <div className={styles.page} data-remote="catalog" ref={markBusInstance}>
      <header className={styles.head}>
        <h1 className={styles.title}>{t('search.title')}</h1>
        {term ? (
          <div className={styles.subtitle}>
            <p className={styles.showing}>{t('search.showing', { term })}</p>
            {total !== null && (
              <p className={styles.count}>{t('search.count', { count: shownTotal({ total, totalIsLowerBound: fresh?.totalIsLowerBound }, language) })}</p>
            )}
          </div>
        ) : null}
        {term ? <Correction term={term} search={fresh?.search} /> : null}
      </header>

      {!term ? (
        <EmptyState title={t('search.noTerm')}>
          <Link to="/shop" className={statusStyles.button}>
            {t('search.browseShop')}
          </Link>
        </EmptyState>
      ) : request.status === 'error' ? (
        <ErrorState error={request.error} onRetry={request.retry} title={t('search.errorTitle')} />
      ) : !products ? (
        <div className={styles.grid} aria-hidden="true">
          {Array.from({ length: 8 }, (_, i) => (
            <ProductCardSkeleton key={i} />
          ))}
        </div>
      ) : products.length === 0 ? (
        <EmptyState title={t('search.empty', { term })}>
          <Link to="/shop" className={statusStyles.button}>
            {t('search.browseShop')}
          </Link>
        </EmptyState>
      ) : (
        <section aria-labelledby="search-results-heading" aria-busy={request.status === 'loading'}>
          <h2 id="search-results-heading" className={styles.visuallyHidden}>
            {t('search.resultsHeading')}
          </h2>
          <ul className={styles.grid}>
            {products.map((product, index) => (
              <GridCell key={product.id} later={index >= EAGER_CARDS} className={styles.cell}>
                <ProductCard product={product} eager={index < EAGER_CARDS} source="catalog/search" />
              </GridCell>
            ))}
          </ul>
          {count > 1 && <Pagination page={Math.min(page, count)} count={count} onPage={goToPage} />}
        </section>
      )}
    </div>
  );
}
