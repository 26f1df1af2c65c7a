import { activeSuggestion, listVisible, type SuggestAction, type SuggestState } from './suggestState.ts';

/** What a key pressed in the search input does; null lets the browser have it (Enter then submits the form). */
export type KeyOutcome =
  { readonly do: 'dispatch'; readonly action: SuggestAction } | { readonly do: 'open'; readonly productId: number } | { readonly do: 'clear' };

/** The combobox keys of the WAI-ARIA pattern, decided from the state alone so that they can be tested without React. */
export function outcomeOfKey(key: string, state: SuggestState): KeyOutcome | null {
  const visible = listVisible(state);
  const highlighted = visible && state.active >= 0;
  switch (key) {
    case 'ArrowDown':
      return { do: 'dispatch', action: { type: 'move', by: 1 } };
    case 'ArrowUp':
      return { do: 'dispatch', action: { type: 'move', by: -1 } };
    case 'Home':
      return highlighted ? { do: 'dispatch', action: { type: 'first' } } : null;
    case 'End':
      return highlighted ? { do: 'dispatch', action: { type: 'last' } } : null;
    case 'Enter': {
      const active = visible ? activeSuggestion(state) : null;
      return active ? { do: 'open', productId: active.id } : null;
    }
    case 'Escape':
      if (visible) return { do: 'dispatch', action: { type: 'close' } };
      return state.text !== '' ? { do: 'clear' } : null;
    default:
      return null;
  }
}
