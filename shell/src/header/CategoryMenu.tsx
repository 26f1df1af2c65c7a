import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useDropdown, useHydrated } from 'shared-events/react';
import { useT } from '../i18n/useT.ts';
import { afterPageLoad } from '../remotes/afterPageLoad.ts';
import { loadMenuCategories, menuLabel, type MenuCategory } from './categories.ts';
import styles from './Header.module.css';

type Categories = { state: 'idle' | 'loading' } | { state: 'ready'; categories: MenuCategory[] } | { state: 'failed' };

/** The catalogue's categories: asked for once the page has loaded, or at once when the menu opens. */
function useMenuCategories(open: boolean): { categories: Categories; retry: () => void } {
  const [categories, setCategories] = useState<Categories>({ state: 'idle' });
  const [wanted, setWanted] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    void afterPageLoad().then(() => live && setWanted(true));
    return () => {
      live = false;
    };
  }, []);

  const start = wanted || open;
  useEffect(() => {
    if (!start) return;
    let live = true;
    setCategories((current) => (current.state === 'ready' ? current : { state: 'loading' }));
    loadMenuCategories().then(
      (list) => live && setCategories({ state: 'ready', categories: list }),
      () => live && setCategories({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [start, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { categories, retry };
}

export function CategoryMenu() {
  const t = useT();
  const { open, toggle, close, container, trigger } = useDropdown();
  const { categories, retry } = useMenuCategories(open);
  const live = useHydrated();
  return (
    <div className={styles.dropdown} ref={container}>
      <button
        ref={trigger}
        type="button"
        className={styles.categoryTrigger}
        aria-expanded={open}
        aria-controls="category-menu"
        onClick={toggle}
        disabled={!live}
      >
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        {t('categories.title')}
      </button>
      {open && (
        <ul id="category-menu" className={styles.menu} aria-busy={categories.state === 'loading' || categories.state === 'idle'}>
          {categories.state === 'ready' ? (
            categories.categories.length === 0 ? (
              <li className={styles.menuNote}>{t('categories.empty')}</li>
            ) : (
              categories.categories.map((category) => (
                <li key={category.slug}>
                  <Link to={`/shop?category=${encodeURIComponent(category.slug)}`} onClick={close} className={styles.menuItem}>
                    {menuLabel(t, category)}
                  </Link>
                </li>
              ))
            )
          ) : categories.state === 'failed' ? (
            <li className={styles.menuNote} role="alert">
              {t('categories.failed')}{' '}
              <button type="button" className={styles.menuRetry} onClick={retry}>
                {t('slot.retry')}
              </button>
            </li>
          ) : (
            <li className={styles.menuNote} role="status">
              {t('categories.loading')}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
