import { Link } from 'react-router-dom';
import type { Product } from '../api/schemas.ts';
import { useT } from '../i18n/useT.ts';
import { categoryName, nameOfSlug } from '../ui/names.ts';
import { discountBadge, formatDollars } from '../ui/price.ts';
import { originalPrice } from './pricing.ts';
import styles from './ProductPage.module.css';

/** The price, the price before the discount and the discount badge, each told to screen readers for what it is. */
export function ProductPrices({ product }: { product: Product }) {
  const t = useT();
  const original = originalPrice(product.price, product.discountPercentage);
  const discount = discountBadge(product.discountPercentage);
  return (
    <div className={styles.prices}>
      {original !== null && (
        <del className={styles.original}>
          <span className={styles.visuallyHidden}>{t('product.originalPrice')} </span>
          {formatDollars(original)}
        </del>
      )}
      <p className={styles.current}>
        <span className={styles.visuallyHidden}>{t('product.currentPrice')} </span>
        {formatDollars(product.price)}
      </p>
      {discount && (
        <span className={styles.discount}>
          <span className={styles.visuallyHidden}>{t('card.discount')} </span>
          {discount}
        </span>
      )}
    </div>
  );
}

/** Category and brand (each a link to the shop filtered by it) and the SKU, those the product has. */
export function ProductFacts({ product }: { product: Product }) {
  const t = useT();
  return (
    <dl className={styles.facts}>
      {product.category ? (
        <>
          <dt>{t('product.category')}</dt>
          <dd>
            <Link to={`/shop?category=${encodeURIComponent(product.category)}`}>
              {categoryName(t, { slug: product.category, name: nameOfSlug(product.category) })}
            </Link>
          </dd>
        </>
      ) : null}
      {product.brand ? (
        <>
          <dt>{t('product.brand')}</dt>
          <dd>
            <Link to={`/shop?${new URLSearchParams({ ...(product.category ? { category: product.category } : {}), brand: product.brand }).toString()}`}>
              {product.brand}
            </Link>
          </dd>
        </>
      ) : null}
      {product.sku ? (
        <>
          <dt>{t('product.sku')}</dt>
          <dd>{product.sku}</dd>
        </>
      ) : null}
    </dl>
  );
}
