import { useState } from 'react';
import { NavLink } from 'react-router-dom';
import { breadcrumb } from 'shared-events';
import { useHydrated } from 'shared-events/react';
import { useT } from '../i18n/useT.ts';
import type { MessageKey } from '../i18n/messages.en.ts';
import styles from './Header.module.css';

const items: { to: string; label: MessageKey; name: string }[] = [
  { to: '/', label: 'nav.home', name: 'home' },
  { to: '/shop', label: 'nav.shop', name: 'shop' },
  { to: '/contact', label: 'nav.contact', name: 'contact' },
  { to: '/about', label: 'nav.about', name: 'about' },
  { to: '/journal', label: 'nav.journal', name: 'journal' },
];

/** Main navigation; below the sm breakpoint it collapses behind a toggle that closes on choice. */
export function MainNav() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const live = useHydrated();
  return (
    <nav className={styles.nav} aria-label={t('nav.label')}>
      <button
        type="button"
        className={styles.navToggle}
        aria-expanded={open}
        aria-controls="main-nav-list"
        onClick={() => setOpen((value) => !value)}
        disabled={!live}
      >
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        {t('nav.menu')}
      </button>
      <ul id="main-nav-list" className={open ? `${styles.navList} ${styles.navListOpen}` : styles.navList}>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.to === '/'}
              className={({ isActive }) => (isActive ? `${styles.navLink} ${styles.navLinkActive}` : styles.navLink)}
              onClick={() => {
                setOpen(false);
                breadcrumb.navigate(item.name);
              }}
            >
              {t(item.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
