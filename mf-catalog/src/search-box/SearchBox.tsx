import { useEffect, useId, useMemo, useReducer, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { bus } from 'shared-events';
import { catalog } from '../api/client.ts';
import { shownTotal } from '../api/totals.ts';
import { useLanguage } from 'shared-events/react';
import { useT } from '../i18n/useT.ts';
import { SearchIcon } from '../ui/icons.tsx';
import { formatDollars } from '../ui/price.ts';
import { activeSuggestion, debouncedRequests, freshMatches, initialSuggestState, listVisible, searchTerm, suggestReducer } from './suggestState.ts';
import styles from './SearchBox.module.css';
import { ProductImage } from '../ui/ProductImage.tsx';
import { aroundPlaceholder } from '../i18n/aroundPlaceholder.ts';
import { correctedQuery, plainQuery } from '../search/correctedQuery.ts';
import { CorrectedWords } from '../search/CorrectedWords.tsx';

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
  const language = useLanguage();
  const navigate = useNavigate();
  const { pathname, search: locationSearch } = useLocation();
  const [state, dispatch] = useReducer(suggestReducer, initialSuggestState);
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const rootRef = useRef<HTMLFormElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

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

  // Leaving the page closes the list.
  useEffect(() => {
    dispatch({ type: 'close' });
  }, [pathname, locationSearch]);

  // Keep the highlighted option in view inside the scrollable list.
  useEffect(() => {
    if (state.active < 0) return;
    const option = listRef.current?.querySelector<HTMLElement>(`[data-index="${state.active}"]`);
    option?.scrollIntoView?.({ block: 'nearest' });
  }, [state.active]);

  const visible = listVisible(state);
  const active = activeSuggestion(state);

  const onChange = (text: string) => {
    dispatch({ type: 'typed', text });
    const term = searchTerm(text);
    if (term === '') requests.cancel();
    else requests.request(term);
  };

  const clear = () => {
    requests.cancel();
    dispatch({ type: 'clear' });
  };

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
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        dispatch({ type: 'move', by: 1 });
        break;
      case 'ArrowUp':
        event.preventDefault();
        dispatch({ type: 'move', by: -1 });
        break;
      case 'Home':
        if (visible && state.active >= 0) {
          event.preventDefault();
          dispatch({ type: 'first' });
        }
        break;
      case 'End':
        if (visible && state.active >= 0) {
          event.preventDefault();
          dispatch({ type: 'last' });
        }
        break;
      case 'Enter':
        if (visible && active) {
          event.preventDefault();
          openProduct(active.id);
        }
        // Otherwise the form submits: /search.
        break;
      case 'Escape':
        if (visible) {
          event.preventDefault();
          dispatch({ type: 'close' });
        } else if (state.text !== '') {
          event.preventDefault();
          clear();
        }
        break;
    }
  };

  // Shown with the suggestions it belongs to, which stay while the next answer loads.
  const corrected = correctedQuery(state.search);
  const [correctedBefore, correctedAfter] = aroundPlaceholder(t, 'search.correctedFor', 'query');
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
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => dispatch({ type: 'open' })}
      />
      <button type="submit" className={styles.submit} aria-label={t('search.submit')} title={t('search.submit')}>
        <SearchIcon size={20} />
      </button>
      <div className={styles.popup} hidden={!visible}>
        {corrected && (
          <p className={styles.corrected}>
            {correctedBefore}
            <CorrectedWords parts={corrected} emphasis="mark" className={styles.correctedWord} />
            {correctedAfter}
          </p>
        )}
        <ul ref={listRef} id={listId} role="listbox" aria-label={t('search.suggestions')} className={styles.list}>
          {state.items.map((item, index) => (
            // The keys are the combobox input's (aria-activedescendant): an option only hears the pointer.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={item.id}
              id={optionId(index)}
              data-index={index}
              role="option"
              aria-selected={index === state.active}
              className={`${styles.option} ${index === state.active ? styles.optionActive : ''}`}
              // Keep focus in the input: the click still arrives.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => index !== state.active && dispatch({ type: 'hover', index })}
              onClick={() => openProduct(item.id)}
            >
              <ProductImage className={styles.thumb} src={item.thumbnail} alt="" width={48} height={48} loading="lazy" decoding="async" />
              <span className={styles.optionTitle}>{item.title}</span>
              <span className={styles.optionPrice}>{formatDollars(item.price)}</span>
            </li>
          ))}
        </ul>
        {state.status === 'ready' && state.items.length === 0 && <p className={styles.note}>{t('search.noSuggestions')}</p>}
        {state.status === 'error' && <p className={styles.note}>{t('search.suggestionsFailed')}</p>}
        {state.status === 'ready' && state.total > state.items.length && (
          <button type="submit" className={styles.seeAll} onMouseDown={(event) => event.preventDefault()}>
            {t('search.seeAll', { total: shownTotal(state, language), term: state.forText })}
          </button>
        )}
      </div>
      <p className={styles.visuallyHidden} role="status" aria-live="polite">
        {visible ? status : ''}
      </p>
    </form>
  );
}
