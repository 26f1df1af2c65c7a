import { useEffect, useId, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { bus } from 'shared-events';
import { useT } from '../i18n/useT.ts';
import { correctedQuery, plainQuery } from '../search/correctedQuery.ts';
import { SearchIcon } from '../ui/icons.tsx';
import { outcomeOfKey } from './keys.ts';
import { SuggestionPopup } from './SuggestionPopup.tsx';
import { freshMatches, listVisible, searchTerm } from './suggestState.ts';
import { useSuggestions } from './useSuggestions.ts';
import styles from './SearchBox.module.css';

/** Navigation state handed to /search: the matching products and the text. */
export interface SearchNavigationState {
  readonly key?: readonly unknown[];
  readonly search: string;
  /** How many products match in all (the suggestions are the first few). */
  readonly total?: number;
}

/** The header's live search: a combobox with a suggestion listbox. */
export default function SearchBox() {
  const t = useT();
  const navigate = useNavigate();
  const { state, dispatch, type, clear } = useSuggestions();
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const rootRef = useRef<HTMLFormElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  // Keep the highlighted option in view inside the scrollable list.
  useEffect(() => {
    if (state.active < 0) return;
    const option = listRef.current?.querySelector<HTMLElement>(`[data-index="${state.active}"]`);
    option?.scrollIntoView?.({ block: 'nearest' });
  }, [state.active]);

  const visible = listVisible(state);

  const openProduct = (productId: number) => {
    clear();
    navigate(`/shop/${productId}`);
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const term = searchTerm(state.text);
    if (term === '') return;
    const matches = freshMatches(state);
    const navigationState: SearchNavigationState = matches ? { key: [...matches], search: term, total: state.total } : { search: term };
    clear();
    navigate(`/search?q=${encodeURIComponent(term)}`, { state: navigationState });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const outcome = outcomeOfKey(event.key, state);
    if (!outcome) return;
    event.preventDefault();
    if (outcome.do === 'dispatch') dispatch(outcome.action);
    else if (outcome.do === 'open') openProduct(outcome.productId);
    else clear();
  };

  // Shown with the suggestions it belongs to, which stay while the next answer loads.
  const corrected = correctedQuery(state.search);
  const status =
    state.status === 'ready'
      ? [
          corrected ? `${t('search.correctedFor', { query: plainQuery(corrected) })}.` : '',
          state.items.length === 0 ? t('search.noSuggestions') : t('search.suggestionCount', { count: state.items.length }),
        ]
          .filter(Boolean)
          .join(' ')
      : '';

  return (
    <form
      ref={rootRef}
      role="search"
      className={styles.box}
      data-remote="catalog"
      data-bus-id={bus.instanceId}
      data-interaction="header-search"
      onSubmit={submit}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) dispatch({ type: 'close' });
      }}
    >
      <label htmlFor={inputId} className={styles.visuallyHidden}>
        {t('search.label')}
      </label>
      <input
        id={inputId}
        className={styles.input}
        type="text"
        inputMode="search"
        enterKeyHint="search"
        autoComplete="off"
        spellCheck={false}
        placeholder={t('search.placeholder')}
        role="combobox"
        aria-expanded={visible}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={visible && state.active >= 0 ? optionId(state.active) : undefined}
        value={state.text}
        onChange={(event) => type(event.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => dispatch({ type: 'open' })}
      />
      <button type="submit" className={styles.submit} aria-label={t('search.submit')} title={t('search.submit')}>
        <SearchIcon size={20} />
      </button>
      <SuggestionPopup
        state={state}
        visible={visible}
        corrected={corrected}
        listId={listId}
        listRef={listRef}
        optionId={optionId}
        dispatch={dispatch}
        openProduct={openProduct}
      />
      <p className={styles.visuallyHidden} role="status" aria-live="polite">
        {visible ? status : ''}
      </p>
    </form>
  );
}
