// The header search's state, framework-free so it can be tested alone: a reducer for what the
// combobox shows, and a debounced, cancelling request runner for what it asks the catalogue.
import type { SearchInfo, Suggestion } from '../api/schemas.ts';

export const SUGGEST_DELAY_MS = 150;

export interface SuggestState {
  /** What is in the input. */
  readonly text: string;
  /** Suggestions for `forText` (the newest answer); never shown for other text. */
  readonly items: readonly Suggestion[];
  readonly total: number;
  /** The catalogue stopped counting at `total`: more products match. */
  readonly totalIsLowerBound: boolean;
  readonly forText: string;
  /** How the catalogue read `forText` (its typo corrections), when it says. */
  readonly search: SearchInfo | null;
  readonly status: 'idle' | 'loading' | 'ready' | 'error';
  /** Index of the highlighted option, -1 for none. */
  readonly active: number;
  /** Whether the list is shown (Escape hides it without clearing the text). */
  readonly open: boolean;
}

export const initialSuggestState: SuggestState = {
  text: '',
  items: [],
  total: 0,
  totalIsLowerBound: false,
  forText: '',
  search: null,
  status: 'idle',
  active: -1,
  open: false,
};

export type SuggestAction =
  | { readonly type: 'typed'; readonly text: string }
  | {
      readonly type: 'loaded';
      readonly text: string;
      readonly items: readonly Suggestion[];
      readonly total: number;
      readonly totalIsLowerBound?: boolean;
      readonly search?: SearchInfo | null;
    }
  | { readonly type: 'failed'; readonly text: string }
  | { readonly type: 'move'; readonly by: 1 | -1 }
  | { readonly type: 'first' }
  | { readonly type: 'last' }
  | { readonly type: 'hover'; readonly index: number }
  | { readonly type: 'open' }
  | { readonly type: 'close' }
  | { readonly type: 'clear' };

/** Trimmed search text; empty text searches nothing. */
export function searchTerm(text: string): string {
  return text.trim();
}

export function suggestReducer(state: SuggestState, action: SuggestAction): SuggestState {
  switch (action.type) {
    case 'typed': {
      const term = searchTerm(action.text);
      if (term === '') return { ...initialSuggestState, text: action.text };
      return { ...state, text: action.text, status: 'loading', active: -1, open: true };
    }
    case 'loaded':
      // A stale answer (the text changed since it was asked) is dropped.
      if (action.text !== searchTerm(state.text)) return state;
      return {
        ...state,
        items: action.items,
        total: action.total,
        totalIsLowerBound: action.totalIsLowerBound === true,
        forText: action.text,
        search: action.search ?? null,
        status: 'ready',
        active: -1,
      };
    case 'failed':
      if (action.text !== searchTerm(state.text)) return state;
      return { ...state, items: [], total: 0, totalIsLowerBound: false, forText: action.text, search: null, status: 'error', active: -1 };
    case 'move': {
      const count = state.items.length;
      if (count === 0) return state;
      if (!state.open) return { ...state, open: true, active: action.by === 1 ? 0 : count - 1 };
      // Wraps round, passing through "no option" (back to the text the shopper typed).
      const next = state.active + action.by;
      return { ...state, active: next >= count ? -1 : next < -1 ? count - 1 : next };
    }
    case 'first':
      return state.open && state.items.length > 0 ? { ...state, active: 0 } : state;
    case 'last':
      return state.open && state.items.length > 0 ? { ...state, active: state.items.length - 1 } : state;
    case 'hover':
      return action.index >= -1 && action.index < state.items.length ? { ...state, active: action.index } : state;
    case 'open':
      return searchTerm(state.text) === '' ? state : { ...state, open: true };
    case 'close':
      return { ...state, open: false, active: -1 };
    case 'clear':
      return initialSuggestState;
  }
}

/** Whether the list is visible: open, for the current text, with something to say. */
export function listVisible(state: SuggestState): boolean {
  return state.open && searchTerm(state.text) !== '' && (state.items.length > 0 || state.status === 'ready' || state.status === 'error');
}

/** The option the shopper highlighted, if any. */
export function activeSuggestion(state: SuggestState): Suggestion | null {
  return state.active >= 0 ? (state.items[state.active] ?? null) : null;
}

/** Suggestions are the search's matches only while they answer the current text. */
export function freshMatches(state: SuggestState): readonly Suggestion[] | null {
  return state.status === 'ready' && state.forText === searchTerm(state.text) ? state.items : null;
}

export interface Scheduler {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realScheduler: Scheduler = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface DebouncedRequests {
  /** Asks for `text` after the delay; any earlier pending or running request is cancelled. */
  request(text: string): void;
  /** Cancels whatever is pending or running. */
  cancel(): void;
}

/**
 * Debounces requests and cancels stale ones: only the last text asked for within `delayMs` is
 * sent, and starting a request aborts the one before it, so an old answer can never arrive last.
 */
export function debouncedRequests<T>(options: {
  readonly load: (text: string, signal: AbortSignal) => Promise<T>;
  readonly onResult: (text: string, result: T) => void;
  readonly onError: (text: string, error: unknown) => void;
  readonly delayMs?: number;
  readonly scheduler?: Scheduler;
}): DebouncedRequests {
  const { load, onResult, onError, delayMs = SUGGEST_DELAY_MS, scheduler = realScheduler } = options;
  let timer: unknown = null;
  let running: AbortController | null = null;

  function cancel(): void {
    if (timer !== null) scheduler.clearTimeout(timer);
    timer = null;
    running?.abort();
    running = null;
  }

  return {
    request(text) {
      cancel();
      timer = scheduler.setTimeout(() => {
        timer = null;
        const controller = new AbortController();
        running = controller;
        load(text, controller.signal).then(
          (result) => {
            if (controller.signal.aborted) return;
            running = null;
            onResult(text, result);
          },
          (error: unknown) => {
            if (controller.signal.aborted) return;
            running = null;
            onError(text, error);
          },
        );
      }, delayMs);
    },
    cancel,
  };
}
