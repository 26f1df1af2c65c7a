import { useScreenT } from '../../i18n/useT.ts';
import { accountStrings } from '../../i18n/accountStrings.ts';
import { ArrowRightIcon } from '../../ui/icons/ArrowRightIcon.tsx';
import { BagIcon } from '../../ui/icons/BagIcon.tsx';
import { IdCardIcon } from '../../ui/icons/IdCardIcon.tsx';
import { MapPinIcon } from '../../ui/icons/MapPinIcon.tsx';
import forms from '../../ui/forms.module.css';
import type { PanelProps, Tab } from './panel.ts';
import styles from '../AccountDashboard.module.css';

const CARDS = [
  { tab: 'orders', label: 'tab.orders', text: 'dashboard.cardOrders', Icon: BagIcon },
  { tab: 'addresses', label: 'tab.addresses', text: 'dashboard.cardAddresses', Icon: MapPinIcon },
  { tab: 'details', label: 'tab.details', text: 'dashboard.cardDetails', Icon: IdCardIcon },
] as const satisfies ReadonlyArray<{ tab: Tab; label: string; text: string; Icon: unknown }>;

/** "Hello {username} (not {username}? Log out)" with the real name, and the way to each section. */
export function DashboardPanel({ name, select, logOut }: PanelProps) {
  const t = useScreenT(accountStrings);
  return (
    <div className={styles.panelBody}>
      <p className={styles.hello} data-testid="account-greeting">
        <strong>{t('dashboard.hello', { name })}</strong> {t('dashboard.notYou', { name })}{' '}
        <button type="button" className={forms.linkButton} onClick={logOut}>
          {t('dashboard.logOut')}
        </button>
        {t('dashboard.notYouEnd')}
      </p>
      <p className={styles.muted}>{t('dashboard.intro')}</p>
      <ul className={styles.cards}>
        {CARDS.map(({ tab, label, text, Icon }) => (
          <li key={tab}>
            <button type="button" className={styles.card} onClick={() => select(tab)} aria-label={t('dashboard.open', { section: t(label) })}>
              <span className={styles.cardIcon}>
                <Icon size={22} />
              </span>
              <span className={styles.cardText}>
                <strong>{t(label)}</strong>
                <span>{t(text)}</span>
              </span>
              <ArrowRightIcon />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
