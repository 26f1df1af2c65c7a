import { catalog, CatalogError, type CatalogClient } from '../api/client.ts';
import type { Product } from '../api/schemas.ts';

export type ProductsByIds = { readonly products: Product[]; readonly missing: number[] };

/**
 * The products of a stored list, in its order. A product the catalogue no longer has (404) is
 * left out and named in `missing`, so the caller can drop it from the list quietly; any other
 * failure fails the whole load (the screen offers a retry).
 */
export async function loadProductsByIds(
  ids: readonly number[],
  signal?: AbortSignal,
  client: Pick<CatalogClient, 'getProduct'> = catalog,
): Promise<ProductsByIds> {
  const answers = await Promise.all(
    ids.map((id) =>
      client.getProduct(id, signal).then(
        (product) => ({ id, product }),
        (error: unknown) => {
          if (error instanceof CatalogError && error.kind === 'not-found') return { id, product: null };
          throw error;
        },
      ),
    ),
  );
  return {
    products: answers.flatMap((answer) => (answer.product ? [answer.product] : [])),
    missing: answers.filter((answer) => !answer.product).map((answer) => answer.id),
  };
}
