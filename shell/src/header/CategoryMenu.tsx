import { Link } from 'react-router-dom';
import { useT } from '../i18n/useT.ts';
import { headerCategories } from './categories.ts';
import { useDropdown } from 'shared-events/react';
import styles from './Header.module.css';

export function CategoryMenu() {
  const t = useT();
  const { open, toggle, close, container, trigger } = useDropdown();
  return (
    <div className={styles.dropdown} ref={container}>
      <button
        ref={trigger}
        type="button"
        className={styles.categoryTrigger}
        aria-expanded={open}
        aria-controls="category-menu"
        onClick={toggle}
      >
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24"><path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
        {t('categories.title')}
      </button>
      {open && (
        <ul id="category-menu" className={styles.menu}>
          {headerCategories.map((slug) => (
            <li key={slug}>
              <Link to={`/shop?category=${slug}`} onClick={close} className={styles.menuItem}>
                {t(`categories.${slug}`)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
