import { Link } from 'react-router-dom';
import { compare } from 'shared-events';
import { useCompareIds } from 'shared-events/react';
import { useT } from '../i18n/useT.ts';
import { ProductImage } from '../ui/ProductImage.tsx';
import { useListedProducts } from './useListedProducts.ts';
import styles from './ProductLists.module.css';

/**
 * The compare tray: while the shopper is comparing, a bar at the foot of every page with the
 * products chosen, a way to remove each, and the way to the comparison. The shell mounts it while
 * the tray holds products, except on /compare itself.
 */
export default function CompareTray() {
  const t = useT();
  const ids = useCompareIds();
  const { products } = useListedProducts(ids, compare);
  if (!ids.length) return null;
  const known = new Map((products ?? []).map((product) => [product.id, product]));

  return (
    <section className={styles.tray} aria-label={t('compare.tray')} data-remote="catalog">
      <ul className={styles.trayList}>
        {ids.map((id) => {
          const product = known.get(id);
          const title = product?.title ?? `#${id}`;
          return (
            <li key={id} className={styles.trayItem}>
              <ProductImage className={styles.thumb} src={product?.thumbnail ?? ''} alt="" width={40} height={40} />
              <span className={styles.trayName}>{title}</span>
              <button type="button" className={styles.trayRemove} aria-label={t('compare.removeLabel', { title })} onClick={() => compare.remove(id)}>
                ×
              </button>
            </li>
          );
        })}
      </ul>
      <div className={styles.trayActions}>
        <Link to={`/compare?ids=${ids.join(',')}`} className={styles.primary}>
          {t('compare.open', { count: ids.length })}
        </Link>
        <button type="button" className={styles.link} onClick={() => compare.clear()}>
          {t('compare.clear')}
        </button>
      </div>
    </section>
  );
}
