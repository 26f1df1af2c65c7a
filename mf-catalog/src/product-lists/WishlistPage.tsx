import { Link } from 'react-router-dom';
import { bus, wishlist } from 'shared-events';
import { useWishlistIds } from 'shared-events/react';
import { useT } from '../i18n/useT.ts';
import { addToCart } from '../ui/addToCart.ts';
import { CartIcon } from '../ui/icons.tsx';
import { formatDollars } from '../ui/price.ts';
import { ProductImage } from '../ui/ProductImage.tsx';
import { EmptyState, ErrorState, statusStyles } from '../ui/Status.tsx';
import { toggleWish } from './WishButton.tsx';
import { useListedProducts } from './useListedProducts.ts';
import styles from './ProductLists.module.css';

/** /wishlist: the products the shopper keeps, newest first, each with Add to Cart and Remove. */
export default function WishlistPage() {
  const t = useT();
  const ids = useWishlistIds();
  const { request, products } = useListedProducts(ids, wishlist);

  return (
    <div className={styles.page} data-remote="catalog" data-bus-id={bus.instanceId}>
      <header className={styles.head}>
        <h1 className={styles.title}>{t('wishlist.title')}</h1>
        {ids.length ? <p className={styles.count}>{t('wishlist.count', { count: ids.length })}</p> : null}
      </header>
      {!ids.length ? (
        <EmptyState title={t('wishlist.empty')}>
          <p className={styles.hint}>{t('wishlist.emptyHint')}</p>
          <Link to="/shop" className={statusStyles.button}>
            {t('wishlist.browse')}
          </Link>
        </EmptyState>
      ) : request.status === 'error' && !products ? (
        <ErrorState error={request.error} onRetry={request.retry} title={t('wishlist.errorTitle')} />
      ) : !products ? (
        <p role="status" className={styles.loading}>
          {t('wishlist.loading')}
        </p>
      ) : (
        <ul className={styles.rows} aria-label={t('wishlist.title')}>
          {products.map((product) => {
            const soldOut = product.stock <= 0;
            return (
              <li key={product.id} className={styles.row} data-product-id={product.id}>
                <Link to={`/shop/${product.id}`} className={styles.rowImage} tabIndex={-1} aria-hidden="true">
                  <ProductImage className={styles.image} src={product.thumbnail} alt="" width={96} height={96} />
                </Link>
                <div className={styles.rowBody}>
                  {product.brand ? <p className={styles.brand}>{product.brand}</p> : null}
                  <h2 className={styles.rowTitle}>
                    <Link to={`/shop/${product.id}`}>{product.title}</Link>
                  </h2>
                  <p className={`${styles.stock} ${soldOut ? styles.stockOut : ''}`}>
                    {soldOut ? t('card.soldOut') : t('product.stock', { stock: product.stock })}
                  </p>
                </div>
                <p className={styles.price}>{formatDollars(product.price)}</p>
                <div className={styles.rowActions}>
                  <button
                    type="button"
                    className={styles.primary}
                    disabled={soldOut}
                    onClick={() => addToCart(product, 'catalog/wishlist', 'toast.addedListing')}
                  >
                    <CartIcon size={18} />
                    {t('card.addToCart')}
                    <span className={styles.visuallyHidden}>: {product.title}</span>
                  </button>
                  <button
                    type="button"
                    className={styles.secondary}
                    aria-label={t('wishlist.removeLabel', { title: product.title })}
                    onClick={() => toggleWish(product)}
                  >
                    {t('wishlist.remove')}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
