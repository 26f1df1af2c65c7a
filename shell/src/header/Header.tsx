import { Link } from 'react-router-dom';
import { useT } from '../i18n/useT.ts';
import { RemoteSlot } from '../remotes/RemoteSlot.tsx';
import { CategoryMenu } from './CategoryMenu.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { MainNav } from './MainNav.tsx';
import { WishlistLink } from './WishlistLink.tsx';
import styles from './Header.module.css';

export function Header() {
  const t = useT();
  return (
    <header className={styles.header}>
      <div className={styles.top}>
        <Link to="/" className={styles.logo} aria-label={t('brand.home')}>
          <svg aria-hidden="true" width="32" height="32" viewBox="0 0 32 32">
            <rect width="32" height="32" rx="7" fill="currentColor" />
            <path d="M9 12h14l-1.6 10.2a2 2 0 0 1-2 1.8h-6.8a2 2 0 0 1-2-1.8z" fill="#f4b942" />
            <path d="M12.5 12V10a3.5 3.5 0 0 1 7 0v2" stroke="#f4b942" strokeWidth="2" fill="none" />
          </svg>
          <span>{t('brand.name')}</span>
        </Link>
        <div className={styles.search}>
          <RemoteSlot remote="catalog" exposed="SearchBox" variant="widget" deferred />
        </div>
        <div className={styles.actions}>
          <LanguageSwitch />
          <WishlistLink />
          <RemoteSlot remote="account" exposed="AccountMenu" variant="widget" deferred />
          <RemoteSlot remote="cart" exposed="MiniCart" variant="widget" deferred />
        </div>
      </div>
      <div className={styles.bottom}>
        <CategoryMenu />
        <MainNav />
      </div>
    </header>
  );
}
