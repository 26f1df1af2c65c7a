import { useEffect, useState } from 'react';

export type Loaded<T> = { phase: 'loading' } | { phase: 'failed'; message: string } | { phase: 'ready'; value: T };

/** One answer, read again when `attempt` changes (`read` must be stable: useCallback); a slower earlier answer never replaces a later one. */
export function useLoaded<T>(read: () => Promise<T>, attempt: number): Loaded<T> {
  const [load, setLoad] = useState<Loaded<T>>({ phase: 'loading' });
  useEffect(() => {
    let live = true;
    setLoad({ phase: 'loading' });
    read().then(
      (value) => live && setLoad({ phase: 'ready', value }),
      (error: unknown) => live && setLoad({ phase: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [read, attempt]);
  return load;
}
