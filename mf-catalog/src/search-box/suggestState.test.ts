import type { Suggestion } from '../api/schemas.ts';
import {
  activeSuggestion,
  debouncedRequests,
  freshMatches,
  initialSuggestState,
  listVisible,
  SUGGEST_DELAY_MS,
  suggestReducer,
  type SuggestAction,
  type SuggestState,
} from './suggestState.ts';

const items: Suggestion[] = [
  { id: 1, title: 'Desk Lamp', price: 20, thumbnail: '/1.svg' },
  { id: 2, title: 'Floor Lamp', price: 90, thumbnail: '/2.svg' },
  { id: 3, title: 'Lampshade', price: 15, thumbnail: '/3.svg' },
];

const run = (...actions: SuggestAction[]): SuggestState => actions.reduce(suggestReducer, initialSuggestState);

describe('suggestReducer', () => {
  it('shows suggestions for the text typed', () => {
    const state = run({ type: 'typed', text: 'lamp' }, { type: 'loaded', text: 'lamp', items, total: 12 });
    expect(state).toMatchObject({ text: 'lamp', status: 'ready', items, total: 12, open: true, active: -1 });
    expect(listVisible(state)).toBe(true);
    expect(freshMatches(state)).toBe(items);
  });

  it("keeps the catalogue's reading of the words with the suggestions it answered", () => {
    const search = { query: 'lmap', corrected: 'lamp', words: [{ typed: 'lmap', matched: 'lamp', kind: 'typo' }] };
    const loaded = run({ type: 'typed', text: 'lmap' }, { type: 'loaded', text: 'lmap', items, total: 3, search });
    expect(loaded.search).toBe(search);
    // While the next text loads, the suggestions shown are still the corrected ones.
    expect(suggestReducer(loaded, { type: 'typed', text: 'lmap d' }).search).toBe(search);
    expect(suggestReducer(loaded, { type: 'loaded', text: 'other', items: [], total: 0, search: null }).search).toBe(search);
    expect(suggestReducer(loaded, { type: 'loaded', text: 'lmap', items, total: 3 }).search).toBeNull();
    expect(suggestReducer(loaded, { type: 'failed', text: 'lmap' }).search).toBeNull();
    expect(suggestReducer(loaded, { type: 'typed', text: '' }).search).toBeNull();
  });

  it('clears the suggestions when the text is emptied', () => {
    const state = run({ type: 'typed', text: 'lamp' }, { type: 'loaded', text: 'lamp', items, total: 3 }, { type: 'typed', text: '   ' });
    expect(state.items).toEqual([]);
    expect(listVisible(state)).toBe(false);
  });

  it('drops an answer for text that is no longer in the box', () => {
    const state = run({ type: 'typed', text: 'la' }, { type: 'typed', text: 'lamp' }, { type: 'loaded', text: 'la', items, total: 3 });
    expect(state.items).toEqual([]);
    expect(state.status).toBe('loading');
    expect(freshMatches(state)).toBeNull();
  });

  it('keeps the old suggestions on screen while new ones load, but does not call them matches', () => {
    const state = run({ type: 'typed', text: 'lamp' }, { type: 'loaded', text: 'lamp', items, total: 3 }, { type: 'typed', text: 'lamps' });
    expect(state.items).toBe(items);
    expect(freshMatches(state)).toBeNull();
  });

  it('moves the highlight with the arrow keys, wrapping through the text', () => {
    let state = run({ type: 'typed', text: 'lamp' }, { type: 'loaded', text: 'lamp', items, total: 3 });
    state = suggestReducer(state, { type: 'move', by: 1 });
    expect(activeSuggestion(state)?.id).toBe(1);
    state = suggestReducer(state, { type: 'move', by: 1 });
    state = suggestReducer(state, { type: 'move', by: 1 });
    expect(activeSuggestion(state)?.id).toBe(3);
    state = suggestReducer(state, { type: 'move', by: 1 });
    expect(state.active).toBe(-1);
    state = suggestReducer(state, { type: 'move', by: -1 });
    expect(activeSuggestion(state)?.id).toBe(3);
    expect(suggestReducer(state, { type: 'first' }).active).toBe(0);
    expect(suggestReducer(state, { type: 'last' }).active).toBe(2);
  });

  it('does nothing on arrows without suggestions', () => {
    const state = run({ type: 'typed', text: 'zzz' }, { type: 'loaded', text: 'zzz', items: [], total: 0 });
    expect(suggestReducer(state, { type: 'move', by: 1 })).toBe(state);
    expect(listVisible(state)).toBe(true); // "No products match."
  });

  it('Escape closes the list, keeping the text; focus opens it again', () => {
    let state = run({ type: 'typed', text: 'lamp' }, { type: 'loaded', text: 'lamp', items, total: 3 }, { type: 'move', by: 1 }, { type: 'close' });
    expect(state).toMatchObject({ open: false, active: -1, text: 'lamp' });
    expect(listVisible(state)).toBe(false);
    state = suggestReducer(state, { type: 'open' });
    expect(listVisible(state)).toBe(true);
    // An arrow key reopens a closed list at its first option.
    const closed = suggestReducer(state, { type: 'close' });
    expect(suggestReducer(closed, { type: 'move', by: 1 })).toMatchObject({ open: true, active: 0 });
  });

  it('does not open for empty text', () => {
    expect(suggestReducer(initialSuggestState, { type: 'open' })).toBe(initialSuggestState);
  });

  it('hovering highlights an option', () => {
    const state = run({ type: 'typed', text: 'lamp' }, { type: 'loaded', text: 'lamp', items, total: 3 }, { type: 'hover', index: 1 });
    expect(activeSuggestion(state)?.id).toBe(2);
    expect(suggestReducer(state, { type: 'hover', index: 9 })).toBe(state);
  });

  it('a failure shows no suggestions and says so', () => {
    const state = run({ type: 'typed', text: 'lamp' }, { type: 'failed', text: 'lamp' });
    expect(state).toMatchObject({ status: 'error', items: [] });
    expect(listVisible(state)).toBe(true);
  });

  it('clear empties everything', () => {
    expect(run({ type: 'typed', text: 'lamp' }, { type: 'clear' })).toEqual(initialSuggestState);
  });
});

describe('debouncedRequests', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function setup() {
    const signals: AbortSignal[] = [];
    const resolvers: ((value: string) => void)[] = [];
    const load = jest.fn(
      (text: string, signal: AbortSignal) =>
        new Promise<string>((resolve) => {
          signals.push(signal);
          resolvers.push(resolve);
          void text;
        }),
    );
    const onResult = jest.fn();
    const onError = jest.fn();
    const requests = debouncedRequests({ load, onResult, onError });
    return { load, onResult, onError, requests, signals, resolvers };
  }

  it('waits for typing to pause (~150 ms) and sends only the last text', () => {
    const { load, requests } = setup();
    requests.request('l');
    jest.advanceTimersByTime(100);
    requests.request('la');
    jest.advanceTimersByTime(100);
    requests.request('lam');
    expect(load).not.toHaveBeenCalled();
    jest.advanceTimersByTime(SUGGEST_DELAY_MS);
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('lam', expect.any(AbortSignal));
    expect(SUGGEST_DELAY_MS).toBe(150);
  });

  it('cancels the running request when a newer one starts, so a stale answer never lands', async () => {
    const { load, onResult, requests, signals, resolvers } = setup();
    requests.request('la');
    jest.advanceTimersByTime(SUGGEST_DELAY_MS);
    requests.request('lamp');
    expect(signals[0]?.aborted).toBe(true);
    jest.advanceTimersByTime(SUGGEST_DELAY_MS);
    expect(load).toHaveBeenCalledTimes(2);
    resolvers[0]?.('old');
    resolvers[1]?.('new');
    await Promise.resolve();
    await Promise.resolve();
    expect(onResult).toHaveBeenCalledTimes(1);
    expect(onResult).toHaveBeenCalledWith('lamp', 'new');
  });

  it('cancel stops both a pending and a running request', async () => {
    const { load, onResult, requests, signals, resolvers } = setup();
    requests.request('lamp');
    jest.advanceTimersByTime(SUGGEST_DELAY_MS);
    requests.cancel();
    expect(signals[0]?.aborted).toBe(true);
    resolvers[0]?.('late');
    requests.request('desk');
    requests.cancel();
    jest.advanceTimersByTime(SUGGEST_DELAY_MS * 2);
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(1);
    expect(onResult).not.toHaveBeenCalled();
  });

  it('reports failures of the current request', async () => {
    const onError = jest.fn();
    const requests = debouncedRequests({ load: () => Promise.reject(new Error('down')), onResult: jest.fn(), onError });
    requests.request('lamp');
    jest.advanceTimersByTime(SUGGEST_DELAY_MS);
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(onError).toHaveBeenCalledWith('lamp', expect.any(Error));
  });
});
