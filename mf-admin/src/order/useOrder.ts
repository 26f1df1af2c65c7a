import { useCallback, useEffect, useState } from 'react';
import { StaffApiError, type StaffApi } from '../api/staffApi.ts';
import type { OrderDetail } from 'orders-api/staff';

export type OrderLoad = { phase: 'loading' } | { phase: 'failed'; message: string; notFound: boolean } | { phase: 'ready'; order: OrderDetail };

/** Loads one order for its page, and reads it again on demand (quietly after an action). */
export function useOrder(api: StaffApi, id: string) {
  const [load, setLoad] = useState<OrderLoad>({ phase: 'loading' });

  /** Reads the order again; the page keeps showing the last state while it does (after an action). */
  const reload = useCallback(
    (quiet: boolean) => {
      if (!quiet) setLoad({ phase: 'loading' });
      return api.order(id).then(
        (order) => setLoad({ phase: 'ready', order }),
        (error: unknown) =>
          setLoad({
            phase: 'failed',
            message: error instanceof Error ? error.message : String(error),
            notFound: error instanceof StaffApiError && (error.status === 404 || error.status === 400),
          }),
      );
    },
    [api, id],
  );

  useEffect(() => {
    void reload(false);
  }, [reload]);

  return { load, reload };
}
