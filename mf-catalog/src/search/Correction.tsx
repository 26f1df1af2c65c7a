import { Link } from 'react-router-dom';
import type { SearchInfo } from '../api/schemas.ts';
import { aroundPlaceholder } from '../i18n/aroundPlaceholder.ts';
import { useT } from '../i18n/useT.ts';
import { correctedQuery } from './correctedQuery.ts';
import { CorrectedWords } from './CorrectedWords.tsx';
import { searchHref } from './searchState.ts';
import styles from './SearchPage.module.css';

/**
 * "Did you mean": what the catalogue searched for when it corrected the shopper's words, and the way
 * back to the words as typed. The live region stays in place while the results change, so a screen
 * reader announces the correction when a new search brings one.
 */
export function Correction({ term, search }: { term: string; search: SearchInfo | null | undefined }) {
  const t = useT();
  const parts = correctedQuery(search);
  const [showingBefore, showingAfter] = aroundPlaceholder(t, 'search.correctedFor', 'query');
  return (
    <div className={styles.correction} aria-live="polite">
      {parts ? (
        <>
          <p className={styles.correctedFor}>
            {showingBefore}
            <CorrectedWords parts={parts} className={styles.correctedWord} />
            {showingAfter}
          </p>
          <p className={styles.insteadFor}>
            <Link to={searchHref({ term, exact: true })}>{t('search.insteadFor', { query: term })}</Link>
          </p>
        </>
      ) : null}
    </div>
  );
}
