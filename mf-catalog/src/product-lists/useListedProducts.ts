import { useEffect } from 'react';
import type { Product } from '../api/schemas.ts';
import { useRequest, type RequestResult } from '../api/useRequest.ts';
import { loadProductsByIds, type ProductsByIds } from './productsByIds.ts';

/**
 * The products of a list of ids, in the list's order. While a changed list reloads, the products
 * already known stay shown (a removal never flashes a loading state); products the catalogue no
 * longer has are dropped from `list` (the wish list or the compare tray) quietly.
 */
export function useListedProducts(
  ids: readonly number[],
  list: { remove(id: number): void },
): { request: RequestResult<ProductsByIds>; products: Product[] | undefined } {
  const request = useRequest(ids.length ? `listed:${ids.join(',')}` : null, (signal) => loadProductsByIds(ids, signal));
  const missing = request.status === 'success' ? request.data.missing : [];
  useEffect(() => {
    for (const id of missing) list.remove(id);
    // Only a new answer can name new missing products.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [missing.join(',')]);
  const known = new Map((request.data?.products ?? []).map((product) => [product.id, product]));
  const products = request.data ? ids.flatMap((id) => (known.has(id) ? [known.get(id)!] : [])) : undefined;
  return { request, products };
}
