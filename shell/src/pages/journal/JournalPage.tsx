import { Link } from 'react-router-dom';
import { useT } from '../../i18n/useT.ts';
import controls from '../../styles/controls.module.css';
import styles from '../static-page.module.css';

export function JournalPage() {
  const t = useT();
  return (
    <section className={styles.page}>
      <h1>{t('journal.title')}</h1>
      <div className={styles.empty}>
        <svg aria-hidden="true" width="96" height="96" viewBox="0 0 96 96">
          <rect x="14" y="10" width="60" height="76" rx="6" fill="#e8edf4" />
          <rect x="24" y="24" width="40" height="6" rx="3" fill="#1f3a5f" />
          <rect x="24" y="38" width="40" height="4" rx="2" fill="#9fb0c6" />
          <rect x="24" y="48" width="32" height="4" rx="2" fill="#9fb0c6" />
          <rect x="24" y="58" width="36" height="4" rx="2" fill="#9fb0c6" />
          <circle cx="72" cy="70" r="14" fill="#f4b942" />
          <path d="M66 70h12M72 64v12" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
        </svg>
        <p>{t('journal.empty')}</p>
        <Link to="/shop" className={controls.button}>
          {t('journal.cta')}
        </Link>
      </div>
    </section>
  );
}
