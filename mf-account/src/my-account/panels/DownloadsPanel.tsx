import { Link } from 'react-router-dom';
import { useScreenT } from '../../i18n/useT.ts';
import { accountStrings } from '../../i18n/accountStrings.ts';
import { DownloadIcon } from '../../ui/icons/DownloadIcon.tsx';
import forms from '../../ui/forms.module.css';
import styles from '../AccountDashboard.module.css';

export function DownloadsPanel() {
  const t = useScreenT(accountStrings);
  return (
    <div className={styles.empty}>
      <span className={styles.emptyIcon}>
        <DownloadIcon size={26} />
      </span>
      <p className={styles.emptyTitle}>{t('downloads.empty')}</p>
      <p className={styles.muted}>{t('downloads.text')}</p>
      <Link to="/shop" className={forms.secondary}>
        {t('orders.browse')}
      </Link>
    </div>
  );
}
