import { Link } from 'react-router-dom';
import type { CatalogApi, ProductDetail, ProductSummary } from '../api/catalogApi.ts';
import ui from '../ui/ui.module.css';
import { InlineCell } from './InlineCell.tsx';
import styles from './Products.module.css';

/** One product of the list: its page, and its price and stock changed in place. */
export function ProductRow({ product, catalog, onSaved }: { product: ProductSummary; catalog: CatalogApi; onSaved: (product: ProductDetail) => void }) {
  const save = (change: Parameters<CatalogApi['update']>[1]) => catalog.update(product.id, change);
  return (
    <tr>
      <th scope="row">
        <span className={styles.product}>
          {product.thumbnail && <img className={styles.thumb} src={product.thumbnail} alt="" width={40} height={40} loading="lazy" />}
          <Link className={ui.link} to={`/admin/products/${product.id}`}>
            {product.title}
          </Link>
        </span>
      </th>
      <td>{product.id}</td>
      <td>{product.category}</td>
      <td className={styles.number}>
        <InlineCell kind="price" value={product.priceCents} title={product.title} save={save} onSaved={onSaved} />
      </td>
      <td className={styles.number}>
        <InlineCell kind="stock" value={product.stock} title={product.title} save={save} onSaved={onSaved} />
      </td>
    </tr>
  );
}
