import { Link } from 'react-router-dom';
import { useWishlistIds } from 'shared-events/react';
import { useT } from '../i18n/useT.ts';
import styles from './Header.module.css';

/** The header's way to the wish list, with how many products it holds (mf-catalog owns the page). */
export function WishlistLink() {
  const t = useT();
  const count = useWishlistIds().length;
  return (
    <Link to="/wishlist" className={styles.wishLink} aria-label={count ? t('wishlist.linkCount', { count }) : t('wishlist.link')} data-wishlist-count={count}>
      <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
        <path d="M12 20s-7.5-4.6-9.2-9.3C1.6 7.3 3.8 4 7.2 4c2 0 3.5 1.1 4.8 2.8C13.3 5.1 14.8 4 16.8 4c3.4 0 5.6 3.3 4.4 6.7C19.5 15.4 12 20 12 20Z" />
      </svg>
      {count ? (
        <span className={styles.wishBadge} aria-hidden="true">
          {count}
        </span>
      ) : null}
    </Link>
  );
}
