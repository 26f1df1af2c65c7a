import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError, type Peeked } from './client.ts';

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
 *
 * `peek` answers the first key without a request when the page carries its answer: the server
 * renders the screen with its data, and the browser's first render (hydration) shows the same.
 */
export function useRequest<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>, peek?: () => Peeked<T> | undefined): RequestResult<T> {
  // The key whose answer came from the page: its first load is already done.
  const answered = useRef<string | null>(null);
  const [state, setState] = useState<RequestState<T>>(() => {
    const known = key === null ? undefined : peek?.();
    if (!known) return { status: 'loading', data: undefined, error: undefined };
    answered.current = key;
    return known.ok ? { status: 'success', data: known.data, error: undefined } : { status: 'error', data: undefined, error: known.error };
  });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    if (key === null) return;
    if (answered.current === key && attempt === 0) return;
    answered.current = null;
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
