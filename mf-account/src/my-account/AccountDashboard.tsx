import { Suspense, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'shared-events';
import { accountSession } from '../auth/instance.ts';
import { useAccountSession } from '../auth/useAccountSession.ts';
import { errorKindText } from '../ui/errorText.ts';
import { useScreenT } from '../i18n/useT.ts';
import type { AccountMessageKey } from '../i18n/accountMessages.en.ts';
import { accountStrings } from '../i18n/accountStrings.ts';
import { ConnectionNotice } from '../ui/ConnectionNotice.tsx';
import { AlertIcon } from '../ui/icons/AlertIcon.tsx';
import { BagIcon } from '../ui/icons/BagIcon.tsx';
import { DownloadIcon } from '../ui/icons/DownloadIcon.tsx';
import { GaugeIcon } from '../ui/icons/GaugeIcon.tsx';
import { IdCardIcon } from '../ui/icons/IdCardIcon.tsx';
import { LogOutIcon } from '../ui/icons/LogOutIcon.tsx';
import { MapPinIcon } from '../ui/icons/MapPinIcon.tsx';
import { SlidersIcon } from '../ui/icons/SlidersIcon.tsx';
import forms from '../ui/forms.module.css';
import { preloadable } from '../ui/preloadable.ts';
import { DashboardPanel } from './panels/DashboardPanel.tsx';
import { DownloadsPanel } from './panels/DownloadsPanel.tsx';
import { TABS, type PanelProps, type Tab } from './panels/panel.ts';
import { greetingName } from './greeting.ts';
import { useOwnRecord, type OwnRecord } from './useOwnRecord.ts';
import styles from './AccountDashboard.module.css';

const TAB_LABELS: Record<Tab, AccountMessageKey> = {
  dashboard: 'tab.dashboard',
  orders: 'tab.orders',
  others: 'tab.others',
  downloads: 'tab.downloads',
  addresses: 'tab.addresses',
  details: 'tab.details',
};

const TAB_ICONS: Record<Tab, () => ReactNode> = {
  dashboard: () => <GaugeIcon />,
  orders: () => <BagIcon />,
  others: () => <SlidersIcon />,
  downloads: () => <DownloadIcon />,
  addresses: () => <MapPinIcon />,
  details: () => <IdCardIcon />,
};

const isTab = (value: string | null): value is Tab => (TABS as readonly string[]).includes(value ?? '');

// The other tabs' sections show the shopper's record or orders, which wait for Firebase's word on
// who is signed in: their code is not part of the page's first load. It is fetched with that word
// (or when a section is opened), so it is there by the time a section can show anything.
const sections = () => import(/* webpackChunkName: "account-sections" */ './panels/sectionPanels.ts');
const OrdersPanel = preloadable(() => sections().then((m) => m.OrdersPanel));
const OthersPanel = preloadable(() => sections().then((m) => m.OthersPanel));
const AddressesPanel = preloadable(() => sections().then((m) => m.AddressesPanel));
const DetailsPanel = preloadable(() => sections().then((m) => m.DetailsPanel));

/**
 * The account dashboard. Sections are tabs; the open one is in the address (?tab=addresses) so a reload or a
 * link keeps it. Shown at /my-account, and at /login for a signed-in shopper.
 */
export function AccountDashboard() {
  const t = useScreenT(accountStrings);
  const id = useId();
  const { user, confirmed } = useAccountSession();
  const own = useOwnRecord(confirmed && user ? user.uid : null);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'dashboard';
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const [loggingOut, setLoggingOut] = useState(false);
  const [logOutError, setLogOutError] = useState('');

  // On narrow screens the tabs scroll sideways: keep the open one in view.
  useEffect(() => {
    tabRefs.current[tab]?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [tab]);

  if (!user) return null;
  const name = greetingName(own.record, user);

  const select = (next: Tab, focus = false) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'dashboard') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
    if (focus) tabRefs.current[next]?.focus();
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.indexOf(tab);
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowRight: index + 1,
      ArrowUp: index - 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: TABS.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = TABS[(target + TABS.length) % TABS.length];
    if (next) select(next, true);
  };

  const logOut = () => {
    if (loggingOut) return;
    setLoggingOut(true);
    setLogOutError('');
    accountSession.signOut().then(
      () => toast.show(t('account.loggedOut'), { kind: 'info' }),
      () => {
        setLoggingOut(false);
        setLogOutError(t('account.logOutFailed'));
      },
    );
  };

  const panelProps: PanelProps = { user, confirmed, own, name, select, logOut };
  return (
    <div className={styles.dashboard}>
      <header className={styles.head}>
        <h1 className={styles.title}>{t('account.title')}</h1>
        {user.email && <p className={styles.email}>{user.email}</p>}
      </header>
      <ConnectionNotice />
      {logOutError && (
        <p className={forms.alert} role="alert">
          <AlertIcon />
          <span>{logOutError}</span>
        </p>
      )}
      <div className={styles.layout}>
        <div className={styles.nav}>
          <div role="tablist" aria-orientation="vertical" aria-label={t('account.sections')} className={styles.tabs}>
            {TABS.map((key) => (
              <button
                key={key}
                ref={(node) => {
                  tabRefs.current[key] = node;
                }}
                type="button"
                role="tab"
                id={`${id}-tab-${key}`}
                aria-selected={tab === key}
                aria-controls={`${id}-panel`}
                tabIndex={tab === key ? 0 : -1}
                className={tab === key ? `${styles.tab} ${styles.tabActive}` : styles.tab}
                onClick={() => select(key)}
                onKeyDown={onTabKey}
              >
                {TAB_ICONS[key]()}
                <span>{t(TAB_LABELS[key])}</span>
              </button>
            ))}
          </div>
          <button type="button" className={`${styles.tab} ${styles.logout}`} onClick={logOut} disabled={loggingOut}>
            <LogOutIcon />
            <span>{loggingOut ? t('account.loggingOut') : t('tab.logout')}</span>
          </button>
        </div>
        <section id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${tab}`} className={styles.panel} tabIndex={-1}>
          <h2 className={styles.panelTitle}>{t(TAB_LABELS[tab])}</h2>
          {!confirmed ? (
            <p className={styles.muted} role="status">
              {t('connect.checking')}
            </p>
          ) : own.status === 'error' && tab !== 'orders' && tab !== 'downloads' ? (
            <RecordError own={own} />
          ) : null}
          <Section tab={tab} {...panelProps} />
        </section>
      </div>
    </div>
  );
}

/** The open tab's section; the record's sections wait for a confirmed sign-in and a readable record. */
function Section({ tab, ...props }: PanelProps & { tab: Tab }) {
  const t = useScreenT(accountStrings);
  const { confirmed, own } = props;
  useEffect(() => {
    if (confirmed) for (const part of [OrdersPanel, OthersPanel, AddressesPanel, DetailsPanel]) void part.preload();
  }, [confirmed]);
  if (tab === 'dashboard') return <DashboardPanel {...props} />;
  if (tab === 'downloads') return <DownloadsPanel />;
  if (!confirmed || (tab !== 'orders' && own.status === 'error')) return null;
  const Part = { orders: OrdersPanel, others: OthersPanel, addresses: AddressesPanel, details: DetailsPanel }[tab];
  return (
    <Suspense
      fallback={
        <p className={styles.muted} role="status">
          {t(tab === 'orders' ? 'orders.loading' : 'record.loading')}
        </p>
      }
    >
      <Part {...props} />
    </Suspense>
  );
}

function RecordError({ own }: { own: OwnRecord }) {
  const t = useScreenT(accountStrings);
  return (
    <div className={forms.alert} role="alert" data-testid="record-error">
      <AlertIcon />
      <div className={forms.messageBody}>
        <p>{errorKindText(t, own.error ?? 'unknown')}</p>
        <button type="button" className={forms.secondary} onClick={own.reload}>
          {t('common.retry')}
        </button>
      </div>
    </div>
  );
}
