import type { CatalogApi, ProductDetail, ProductSummary } from '../api/catalogApi.ts';
import { useT } from '../i18n/useT.ts';
import ui from '../ui/ui.module.css';
import { ProductRow } from './ProductRow.tsx';
import styles from './Products.module.css';

interface Props {
  products: readonly ProductSummary[];
  q: string;
  catalog: CatalogApi;
  onSaved: (product: ProductDetail) => void;
}

export function ProductTable({ products, q, catalog, onSaved }: Props) {
  const t = useT();
  return (
    <div className={styles.scroll}>
      <table className={styles.table}>
        <caption className={ui.visuallyHidden}>{q ? t('products.captionSearch', { q }) : t('products.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('products.product')}</th>
            <th scope="col">{t('products.id')}</th>
            <th scope="col">{t('products.category')}</th>
            <th scope="col" className={styles.number}>
              {t('products.price')}
            </th>
            <th scope="col" className={styles.number}>
              {t('products.stock')}
            </th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => (
            <ProductRow key={product.id} product={product} catalog={catalog} onSaved={onSaved} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
