import { useT } from '../i18n/useT.ts';
import styles from './TestCardForm.module.css';

/** The warning above the test card form: no real payment happens here. */
export function TestModeBanner() {
  const t = useT();
  return (
    <div className={styles.banner} role="note" aria-labelledby="test-mode-title">
      <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" className={styles.bannerIcon}>
        <path d="M12 2 1 21h22L12 2z" fill="currentColor" />
        <path d="M12 9v5M12 17v.1" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      <div>
        <p id="test-mode-title" className={styles.bannerTitle}>
          {t('testMode.banner')}
        </p>
        <p className={styles.bannerText}>{t('testMode.hint')}</p>
      </div>
    </div>
  );
}
