import { useEffect, useState } from 'react';
import type { StaffApi } from '../api/staffApi.ts';
import type { FiguresAnswer as Figures } from 'orders-api/staff';

export type FiguresLoad = { phase: 'loading' } | { phase: 'failed'; message: string } | { phase: 'ready'; figures: Figures; at: Date };

export const WINDOW_HOURS = 24;

/** The last day's figures, read again on reload(); a slower earlier answer never replaces a later one. */
export function useFigures(api: StaffApi) {
  const [load, setLoad] = useState<FiguresLoad>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setLoad({ phase: 'loading' });
    api.figures(WINDOW_HOURS).then(
      (figures) => live && setLoad({ phase: 'ready', figures, at: new Date() }),
      (error: unknown) => live && setLoad({ phase: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [api, attempt]);

  return { load, reload: () => setAttempt((n) => n + 1) };
}
