import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { bus, compare, COMPARE_MAX, parseIdParam } from 'shared-events';
import { useCompareIds } from 'shared-events/react';
import type { Product } from '../api/schemas.ts';
import { useT, type T } from '../i18n/useT.ts';
import { addToCart } from '../ui/addToCart.ts';
import { CartIcon } from '../ui/icons.tsx';
import { categoryName, colorName, nameOfSlug } from '../ui/names.ts';
import { formatDollars } from '../ui/price.ts';
import { ProductImage } from '../ui/ProductImage.tsx';
import { Stars } from '../ui/Stars.tsx';
import { EmptyState, ErrorState, statusStyles } from '../ui/Status.tsx';
import { compareRows, type CompareRow } from './compareRows.ts';
import { useListedProducts } from './useListedProducts.ts';
import styles from './ProductLists.module.css';

function cell(t: T, row: CompareRow, value: string | number | null, product: Product) {
  if (value === null) return <span className={styles.notGiven}>—</span>;
  switch (row.key) {
    case 'price':
    case 'originalPrice':
      return row.key === 'originalPrice' ? <s>{formatDollars(value as number)}</s> : formatDollars(value as number);
    case 'rating':
      return <Stars rating={product.rating} />;
    case 'stock':
      return (value as number) > 0 ? t('product.stock', { stock: value }) : t('card.soldOut');
    case 'category':
      return categoryName(t, { slug: String(value), name: nameOfSlug(String(value)) });
    case 'color':
      return colorName(t, String(value));
    default:
      return String(value);
  }
}

/**
 * /compare?ids=3,8,21: the products side by side, facts that differ marked. The address holds the
 * comparison (a link shares it); the tray follows it, and a page without ids shows the tray's.
 */
export default function ComparePage() {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const trayIds = useCompareIds();
  const hasParam = new URLSearchParams(location.search).has('ids');
  const ids = hasParam ? parseIdParam(new URLSearchParams(location.search).get('ids'), COMPARE_MAX) : trayIds;
  const idsKey = ids.join(',');

  useEffect(() => {
    if (!hasParam) {
      if (trayIds.length) navigate(`/compare?ids=${trayIds.join(',')}`, { replace: true });
      return;
    }
    // A shared comparison becomes the shopper's tray; the tray's changes (removals) reach the address.
    if (idsKey !== compare.ids.join(',')) compare.replace(ids);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasParam, idsKey]);

  useEffect(() => {
    // The store, not this render's copy: the effect above may just have adopted the address's list.
    const current = compare.ids.join(',');
    if (hasParam && current !== idsKey) navigate(current ? `/compare?ids=${current}` : '/compare', { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [trayIds]);

  const { request, products } = useListedProducts(ids, compare);
  const rows = products ? compareRows(products) : [];

  return (
    <div className={styles.page} data-remote="catalog" data-bus-id={bus.instanceId}>
      <header className={styles.head}>
        <h1 className={styles.title}>{t('compare.title')}</h1>
      </header>
      {!ids.length ? (
        <EmptyState title={t('compare.empty')}>
          <p className={styles.hint}>{t('compare.emptyHint')}</p>
          <Link to="/shop" className={statusStyles.button}>
            {t('wishlist.browse')}
          </Link>
        </EmptyState>
      ) : request.status === 'error' && !products ? (
        <ErrorState error={request.error} onRetry={request.retry} title={t('compare.errorTitle')} />
      ) : !products ? (
        <p role="status" className={styles.loading}>
          {t('compare.loading')}
        </p>
      ) : (
        <>
          {products.length < 2 ? <p className={styles.hint}>{t('compare.oneMore')}</p> : null}
          <div className={styles.tableScroll} role="region" aria-label={t('compare.title')} tabIndex={0}>
            {/* Wide enough for every product to keep a readable column; narrower screens scroll. */}
            <table className={styles.table} style={{ minWidth: `calc(9rem + ${products.length} * 11rem)` }}>
              <colgroup>
                <col className={styles.labelColumn} />
                {products.map((product) => (
                  <col key={product.id} />
                ))}
              </colgroup>
              <thead>
                <tr>
                  <td />
                  {products.map((product) => (
                    <th key={product.id} scope="col" className={styles.productHead} data-product-id={product.id}>
                      <ProductImage className={styles.compareImage} src={product.thumbnail} alt="" width={160} height={160} />
                      <Link to={`/shop/${product.id}`} className={styles.compareTitle}>
                        {product.title}
                      </Link>
                      <button
                        type="button"
                        className={styles.link}
                        aria-label={t('compare.removeLabel', { title: product.title })}
                        onClick={() => compare.remove(product.id)}
                      >
                        {t('compare.remove')}
                      </button>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key} className={row.differs ? styles.differs : undefined} data-row={row.key} data-differs={row.differs || undefined}>
                    <th scope="row">
                      {t(`compare.row.${row.key}`)}
                      {row.differs ? <span className={styles.differsMark}>{t('compare.differs')}</span> : null}
                    </th>
                    {products.map((product, index) => (
                      <td key={product.id} className={row.key === 'description' ? styles.description : undefined}>
                        {cell(t, row, row.values[index] ?? null, product)}
                      </td>
                    ))}
                  </tr>
                ))}
                <tr>
                  <td />
                  {products.map((product) => (
                    <td key={product.id}>
                      <button
                        type="button"
                        className={styles.primary}
                        disabled={product.stock <= 0}
                        onClick={() => addToCart(product, 'catalog/compare', 'toast.addedListing')}
                      >
                        <CartIcon size={18} />
                        {t('card.addToCart')}
                        <span className={styles.visuallyHidden}>: {product.title}</span>
                      </button>
                    </td>
                  ))}
                </tr>
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
