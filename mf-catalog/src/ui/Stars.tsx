import { useId } from 'react';
import { useT } from '../i18n/useT.ts';
import { ratingText, starKinds, STAR_SCALE, type StarKind } from './stars.ts';
import styles from './Stars.module.css';

const STAR = 'M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z';

function Star({ kind, gradientId }: { kind: StarKind; gradientId: string }) {
  const fill = kind === 'full' ? 'currentColor' : kind === 'half' ? `url(#${gradientId})` : 'none';
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className={styles.star} data-star={kind}>
      <path d={STAR} fill={fill} stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
    </svg>
  );
}

/** Full, half and empty stars out of 5, announced as one image ("Rated 4.5 out of 5"). */
export function Stars({ rating, size = 'sm', showValue = false }: { rating: number; size?: 'sm' | 'md'; showValue?: boolean }) {
  const t = useT();
  const gradientId = `half-${useId().replace(/:/g, '')}`;
  const value = ratingText(rating);
  return (
    <span className={`${styles.stars} ${size === 'md' ? styles.md : ''}`}>
      <span role="img" aria-label={t('rating.label', { rating: value, scale: STAR_SCALE })} className={styles.row}>
        <svg aria-hidden="true" width="0" height="0" className={styles.defs}>
          <defs>
            <linearGradient id={gradientId}>
              <stop offset="50%" stopColor="currentColor" />
              <stop offset="50%" stopColor="transparent" />
            </linearGradient>
          </defs>
        </svg>
        {starKinds(rating).map((kind, i) => (
          <Star key={i} kind={kind} gradientId={gradientId} />
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
