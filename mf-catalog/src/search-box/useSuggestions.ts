import { useEffect, useMemo, useReducer } from 'react';
import { useLocation } from 'react-router-dom';
import { catalog } from '../api/client.ts';
import { debouncedRequests, initialSuggestState, searchTerm, suggestReducer } from './suggestState.ts';

/**
 * The suggestion state of the search box and the debounced catalogue requests that feed it: typing
 * asks for suggestions, clearing cancels what is in flight, and leaving the page closes the list.
 */
export function useSuggestions() {
  const { pathname, search: locationSearch } = useLocation();
  const [state, dispatch] = useReducer(suggestReducer, initialSuggestState);

  const requests = useMemo(
    () =>
      debouncedRequests({
        load: (text, signal) => catalog.suggest(text, signal),
        onResult: (text, result) =>
          dispatch({
            type: 'loaded',
            text,
            items: result.products,
            total: result.total,
            totalIsLowerBound: result.totalIsLowerBound === true,
            search: result.search,
          }),
        onError: (text) => dispatch({ type: 'failed', text }),
      }),
    [],
  );
  useEffect(() => () => requests.cancel(), [requests]);

  useEffect(() => {
    dispatch({ type: 'close' });
  }, [pathname, locationSearch]);

  const type = (text: string) => {
    dispatch({ type: 'typed', text });
    const term = searchTerm(text);
    if (term === '') requests.cancel();
    else requests.request(term);
  };

  const clear = () => {
    requests.cancel();
    dispatch({ type: 'clear' });
  };

  return { state, dispatch, type, clear };
}
