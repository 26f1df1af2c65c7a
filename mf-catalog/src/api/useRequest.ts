import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError } from './client.ts';

export type RequestState<T> =
  | { readonly status: 'loading'; readonly data: T | undefined; readonly error: undefined }
  | { readonly status: 'success'; readonly data: T; readonly error: undefined }
  | { readonly status: 'error'; readonly data: T | undefined; readonly error: Error };

export type RequestResult<T> = RequestState<T> & { readonly retry: () => void };

/**
 * Runs `load` once per `key` (and again on `retry`), cancelling the previous request through its
 * AbortSignal when the key changes or the component goes away. While a new key loads, the last
 * data stays available (`data`) so a screen can keep showing it dimmed instead of flashing empty.
 * A `null` key loads nothing.
 */
export function useRequest<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): RequestResult<T> {
  const [state, setState] = useState<RequestState<T>>({ status: 'loading', data: undefined, error: undefined });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    setState((previous) => ({ status: 'loading', data: previous.data, error: undefined }));
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'success', data, error: undefined });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        setState((previous) => ({
          status: 'error',
          data: previous.data,
          error: error instanceof Error ? error : new Error(String(error)),
        }));
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
