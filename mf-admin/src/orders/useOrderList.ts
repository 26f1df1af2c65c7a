import { useEffect, useState } from 'react';
import type { StaffApi } from '../api/staffApi.ts';
import type { OrderPage } from 'orders-api/staff';
import { apiQuery, filtersFromSearch } from './listQuery.ts';

export type OrderListLoad = { phase: 'loading' } | { phase: 'failed'; message: string } | { phase: 'ready'; page: OrderPage };

/**
 * The page of orders the address asks for, read again when the address changes or on reload();
 * nothing is asked while the date range is backwards. A slower earlier answer never replaces a later one.
 */
export function useOrderList(api: StaffApi, search: string, backwards: boolean) {
  const [load, setLoad] = useState<OrderListLoad>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (backwards) return;
    let live = true;
    setLoad({ phase: 'loading' });
    api.listOrders(apiQuery(filtersFromSearch(search))).then(
      (page) => live && setLoad({ phase: 'ready', page }),
      (error: unknown) => live && setLoad({ phase: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [api, search, attempt, backwards]);

  return { load, reload: () => setAttempt((n) => n + 1) };
}
