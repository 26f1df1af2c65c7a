import type { Dispatch, RefObject } from 'react';
import { useLanguage } from 'shared-events/react';
import { shownTotal } from '../api/totals.ts';
import { aroundPlaceholder } from '../i18n/aroundPlaceholder.ts';
import { useT } from '../i18n/useT.ts';
import { CorrectedWords } from '../search/CorrectedWords.tsx';
import type { QueryPart } from '../search/correctedQuery.ts';
import { ProductImage } from '../ui/ProductImage.tsx';
import { formatDollars } from '../ui/price.ts';
import type { SuggestAction, SuggestState } from './suggestState.ts';
import styles from './SearchBox.module.css';

interface SuggestionPopupProps {
  state: SuggestState;
  visible: boolean;
  /** The catalogue's reading of the words, when it corrected them. */
  corrected: readonly QueryPart[] | null;
  listId: string;
  listRef: RefObject<HTMLUListElement | null>;
  optionId: (index: number) => string;
  dispatch: Dispatch<SuggestAction>;
  openProduct: (productId: number) => void;
}

/** The search box's listbox of suggestions with its notes and the "see all" button (which submits the form). */
export function SuggestionPopup({ state, visible, corrected, listId, listRef, optionId, dispatch, openProduct }: SuggestionPopupProps) {
  const t = useT();
  const language = useLanguage();
  const [correctedBefore, correctedAfter] = aroundPlaceholder(t, 'search.correctedFor', 'query');
  return (
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
  );
}
