import { Link } from 'react-router-dom';
import { useT } from '../i18n/useT.ts';
import { CloseIcon } from '../ui/icons.tsx';
import { colorName } from '../ui/names.ts';
import { priceRange, serializeShopQuery, withFilters, withoutFilters, type FilterPatch, type ShopQuery } from './queryState.ts';
import styles from './ShopPage.module.css';

/** The address of the shop listing for a query. */
export function shopHref(query: ShopQuery): string {
  const search = serializeShopQuery(query);
  return search ? `/shop?${search}` : '/shop';
}

/** One removable chip per active filter, and "clear filters" once there are two or more. */
export function FilterChips({ query, categoryTitle }: { query: ShopQuery; categoryTitle: string }) {
  const t = useT();
  const chips: { key: string; label: string; patch: FilterPatch }[] = [];
  if (query.category) chips.push({ key: 'category', label: `${t('shop.chipCategory')}: ${categoryTitle}`, patch: { category: null, brand: null } });
  if (query.brand) chips.push({ key: 'brand', label: `${t('shop.chipBrand')}: ${query.brand}`, patch: { brand: null } });
  if (query.color) chips.push({ key: 'color', label: `${t('shop.chipColor')}: ${colorName(t, query.color)}`, patch: { color: null } });
  const range = priceRange(query.price);
  if (range) chips.push({ key: 'price', label: `${t('shop.chipPrice')}: ${range.label}`, patch: { price: null } });
  if (chips.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label={t('shop.activeFilters')}>
      {chips.map((chip) => (
        <li key={chip.key}>
          <Link to={shopHref(withFilters(query, chip.patch))} className={styles.chip} aria-label={t('shop.removeFilter', { filter: chip.label })}>
            <span>{chip.label}</span>
            <CloseIcon size={14} />
          </Link>
        </li>
      ))}
      {chips.length > 1 && (
        <li>
          <Link to={shopHref(withoutFilters(query))} className={styles.clearAll}>
            {t('shop.clearFilters')}
          </Link>
        </li>
      )}
    </ul>
  );
}
