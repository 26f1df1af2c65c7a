import type { Suggestion } from '../api/schemas.ts';
import { outcomeOfKey } from './keys.ts';
import { initialSuggestState, suggestReducer, type SuggestAction, type SuggestState } from './suggestState.ts';

const items: Suggestion[] = [
  { id: 7, title: 'Desk Lamp', price: 20, thumbnail: '/7.svg' },
  { id: 8, title: 'Floor Lamp', price: 90, thumbnail: '/8.svg' },
];
const run = (...actions: SuggestAction[]): SuggestState => actions.reduce(suggestReducer, initialSuggestState);
const shown = run({ type: 'typed', text: 'lamp' }, { type: 'loaded', text: 'lamp', items, total: 2 });
const highlighted = suggestReducer(shown, { type: 'move', by: 1 });

describe('outcomeOfKey', () => {
  it('moves the highlight with the arrows', () => {
    expect(outcomeOfKey('ArrowDown', shown)).toEqual({ do: 'dispatch', action: { type: 'move', by: 1 } });
    expect(outcomeOfKey('ArrowUp', shown)).toEqual({ do: 'dispatch', action: { type: 'move', by: -1 } });
  });

  it('leaves Home and End to the text field until an option is highlighted', () => {
    expect(outcomeOfKey('Home', shown)).toBeNull();
    expect(outcomeOfKey('End', shown)).toBeNull();
    expect(outcomeOfKey('Home', highlighted)).toEqual({ do: 'dispatch', action: { type: 'first' } });
    expect(outcomeOfKey('End', highlighted)).toEqual({ do: 'dispatch', action: { type: 'last' } });
  });

  it('opens the highlighted product on Enter, and otherwise lets the form search', () => {
    expect(outcomeOfKey('Enter', highlighted)).toEqual({ do: 'open', productId: 7 });
    expect(outcomeOfKey('Enter', shown)).toBeNull();
    expect(outcomeOfKey('Enter', suggestReducer(highlighted, { type: 'close' }))).toBeNull();
  });

  it('closes the list on Escape, then clears the text, then does nothing', () => {
    expect(outcomeOfKey('Escape', shown)).toEqual({ do: 'dispatch', action: { type: 'close' } });
    const closed = suggestReducer(shown, { type: 'close' });
    expect(outcomeOfKey('Escape', closed)).toEqual({ do: 'clear' });
    expect(outcomeOfKey('Escape', initialSuggestState)).toBeNull();
  });

  it('ignores every other key', () => {
    expect(outcomeOfKey('a', highlighted)).toBeNull();
    expect(outcomeOfKey('Tab', highlighted)).toBeNull();
  });
});
