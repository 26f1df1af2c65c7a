import { PALETTE } from 'catalog-api/vocabulary';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useHydrated } from 'shared-events/react';
import type { Category, Facets } from '../api/schemas.ts';
import { useT } from '../i18n/useT.ts';
import { categoryName, colorName } from '../ui/names.ts';
import { ChevronDown } from '../ui/icons.tsx';
import { PRICE_RANGES, serializeShopQuery, withFilters, type FilterPatch, type ShopQuery } from './queryState.ts';
import styles from './ShopPage.module.css';

/** Each dimension's facets come from the listing without that dimension's filter (facetScope.ts). */
export type DimensionFacets = {
  category: Facets | undefined;
  brand: Facets | undefined;
  color: Facets | undefined;
  price: Facets | undefined;
};

type Props = {
  query: ShopQuery;
  categories: readonly Category[];
  facets: DimensionFacets;
  onNavigate?: () => void;
};

/** Link target for a filter change: the same listing with the patch applied, page 1. */
function hrefFor(query: ShopQuery, patch: FilterPatch): string {
  const search = serializeShopQuery(withFilters(query, patch));
  return search ? `/shop?${search}` : '/shop';
}

export function Filters({ query, categories, facets, onNavigate }: Props) {
  const t = useT();
  const categoryCounts = new Map(facets.category?.categories.map((c) => [c.slug, c.count]));
  const priceCounts = facets.price?.priceRanges ?? [];
  const colorCounts = new Map(facets.color?.colors.map((c) => [c.name, c.count]));
  // The palette, in the catalogue's order, even before the counts are known.
  const colors = facets.color?.colors ?? PALETTE.map((c) => ({ ...c, count: undefined }));
  const brands = facets.brand?.brands ?? (query.brand ? [{ name: query.brand, count: undefined }] : []);

  return (
    <div className={styles.filters} data-interaction="filter">
      <section className={styles.filterGroup} aria-labelledby="shop-filter-category">
        <h2 id="shop-filter-category" className={styles.filterTitle}>
          {t('shop.byCategory')}
        </h2>
        <ul className={styles.filterList}>
          <FilterLink to={hrefFor(query, { category: null, brand: null })} selected={query.category === null} onNavigate={onNavigate}>
            {t('shop.all')}
          </FilterLink>
          {categories.map((category) => (
            <FilterLink
              key={category.slug}
              to={hrefFor(query, { category: category.slug, brand: null })}
              selected={query.category === category.slug}
              count={categoryCounts.get(category.slug)}
              onNavigate={onNavigate}
            >
              {categoryName(t, category)}
            </FilterLink>
          ))}
        </ul>
      </section>

      <Collapsible title={t('shop.byColor')}>
        <ul className={styles.swatchList}>
          {colors.map((color) => {
            const selected = query.color === color.name;
            return (
              <li key={color.name}>
                <Link
                  to={hrefFor(query, { color: selected ? null : color.name })}
                  className={`${styles.swatchLink} ${selected ? styles.selected : ''}`}
                  aria-current={selected ? 'true' : undefined}
                  onClick={onNavigate}
                >
                  <span className={styles.swatch} data-color={color.name} style={{ ['--swatch' as string]: color.hex || '#8d939c' }} aria-hidden="true" />
                  <span>{colorName(t, color.name)}</span>
                  {colorCounts.has(color.name) && <span className={styles.count}>{colorCounts.get(color.name)}</span>}
                </Link>
              </li>
            );
          })}
        </ul>
      </Collapsible>

      <Collapsible title={t('shop.byBrand')}>
        {brands.length > 0 ? (
          <ul className={`${styles.filterList} ${styles.scrollList}`}>
            <FilterLink to={hrefFor(query, { brand: null })} selected={query.brand === null} onNavigate={onNavigate}>
              {t('shop.all')}
            </FilterLink>
            {brands.map((brand) => (
              <FilterLink
                key={brand.name}
                to={hrefFor(query, { brand: brand.name })}
                selected={query.brand === brand.name}
                count={brand.count}
                onNavigate={onNavigate}
              >
                {brand.name}
              </FilterLink>
            ))}
          </ul>
        ) : (
          <p className={styles.filterNote}>{facets.brand ? t('shop.noBrands') : t('shop.loadingFilters')}</p>
        )}
      </Collapsible>

      <section className={styles.filterGroup} aria-labelledby="shop-filter-price">
        <h2 id="shop-filter-price" className={styles.filterTitle}>
          {t('shop.byPrice')}
        </h2>
        <ul className={styles.filterList}>
          {PRICE_RANGES.map((range, index) => {
            const selected = query.price === range.id;
            return (
              <FilterLink
                key={range.id}
                to={hrefFor(query, { price: selected ? null : range.id })}
                selected={selected}
                count={priceCounts[index]?.count}
                onNavigate={onNavigate}
              >
                {range.label}
              </FilterLink>
            );
          })}
        </ul>
      </section>
    </div>
  );
}

function FilterLink({
  to,
  selected,
  count,
  children,
  onNavigate,
}: {
  to: string;
  selected: boolean;
  count?: number | undefined;
  children: ReactNode;
  onNavigate?: (() => void) | undefined;
}) {
  return (
    <li>
      <Link
        to={to}
        className={`${styles.filterLink} ${selected ? styles.selected : ''}`}
        aria-current={selected ? 'true' : undefined}
        data-empty={count === 0 && !selected ? '' : undefined}
        onClick={onNavigate}
      >
        <span className={styles.filterLabel}>{children}</span>
        {count !== undefined && <span className={styles.count}>{count}</span>}
      </Link>
    </li>
  );
}

/** A filter section that opens and closes (closed by default). */
function Collapsible({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const live = useHydrated();
  return (
    <section className={styles.filterGroup}>
      <h2 className={styles.filterTitle}>
        <button type="button" className={styles.collapseButton} aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)} disabled={!live}>
          <span>{title}</span>
          <ChevronDown size={18} className={open ? styles.chevronOpen : styles.chevron} />
        </button>
      </h2>
      <div id={id} className={styles.collapsePanel} hidden={!open}>
        {children}
      </div>
    </section>
  );
}
