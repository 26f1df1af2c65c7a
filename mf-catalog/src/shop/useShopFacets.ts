import { useRef } from 'react';
import { catalog, listUrl } from '../api/client.ts';
import type { ProductList } from '../api/schemas.ts';
import { useRequest, type RequestResult } from '../api/useRequest.ts';
import { FacetMemo } from './facetScope.ts';
import type { DimensionFacets } from './Filters.tsx';
import { toListParams, type ShopQuery } from './queryState.ts';

/**
 * Each filter's options and counts, taken from the listing without that filter (facetScope.ts), so
 * that picking a brand still offers the other brands.
 */
export function useShopFacets(query: ShopQuery, listing: RequestResult<ProductList>, unknownCategory: boolean): DimensionFacets {
  const data = unknownCategory ? undefined : listing.data;
  const memo = useRef(new FacetMemo());
  if (listing.status === 'success' && data?.facets) memo.current.record(query, data.facets);
  const current = data?.facets;
  // Opened on a brand (a shared link): ask once for the brands around it, so the others can be picked.
  const brandScope = query.brand ? { ...query, brand: null } : null;
  const needBrands = brandScope !== null && !unknownCategory && memo.current.lookup(query, 'brand', current) === undefined;
  // One small row (with the fields every product must have) plus the facets.
  const brandParams = brandScope ? { ...toListParams(brandScope), limit: 1, skip: 0, select: ['id', 'title', 'price'] } : null;
  const brandRequest = useRequest(
    needBrands && brandParams ? listUrl(brandParams) : null,
    (signal) => catalog.listProducts(brandParams ?? { limit: 1 }, signal),
    () => (brandParams ? catalog.peekList(brandParams) : undefined),
  );
  if (brandScope && brandRequest.status === 'success' && brandRequest.data.facets) memo.current.record(brandScope, brandRequest.data.facets);
  return {
    category: memo.current.lookup(query, 'category', current),
    brand: memo.current.lookup(query, 'brand', current),
    color: memo.current.lookup(query, 'color', current),
    price: memo.current.lookup(query, 'price', current),
  };
}
