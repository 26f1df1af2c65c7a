import { useT } from '../i18n/useT.ts';
import { ratingText, starKinds, STAR_SCALE } from './stars.ts';
import styles from './Stars.module.css';

/** Full, half and empty stars out of 5, announced as one image ("Rated 4.5 out of 5"). */
export function Stars({ rating, size = 'sm', showValue = false }: { rating: number; size?: 'sm' | 'md'; showValue?: boolean }) {
  const t = useT();
  const value = ratingText(rating);
  return (
    <span className={`${styles.stars} ${size === 'md' ? styles.md : ''}`}>
      <span role="img" aria-label={t('rating.label', { rating: value, scale: STAR_SCALE })} className={styles.row}>
        {starKinds(rating).map((kind, i) => (
          <span key={i} className={styles.star} data-star={kind} />
        ))}
      </span>
      {showValue && (
        <span className={styles.value} aria-hidden="true">
          {value}
        </span>
      )}
    </span>
  );
}
