import { memo } from 'react';
import type { Product } from '../api/schemas.ts';
import { GridCell } from '../ui/GridCell.tsx';
import { ProductCard } from '../ui/ProductCard.tsx';
import type { ViewMode } from './queryState.ts';
import styles from './ShopPage.module.css';

/** Cards above the fold load eagerly and hydrate with the page; the rest later (GridCell). */
const EAGER_CARDS = 3;

/**
 * The listing's cards. A render of the page that leaves them as they were (the filters opened on a
 * phone, say) does not render them again: the tap's answer is painted sooner, and no card still
 * waiting to hydrate is handed an update.
 */
export const ShopGrid = memo(function ShopGrid({ products, view, stale }: { products: readonly Product[]; view: ViewMode; stale: boolean }) {
  return (
    <ul className={`${styles.grid} ${view === 'list' ? styles.gridList : ''} ${stale ? styles.stale : ''}`}>
      {products.map((product, index) => (
        <GridCell key={product.id} later={index >= EAGER_CARDS} className={styles.cell}>
          <ProductCard product={product} layout={view} eager={index < EAGER_CARDS} source="catalog/shop" />
        </GridCell>
      ))}
    </ul>
  );
});
