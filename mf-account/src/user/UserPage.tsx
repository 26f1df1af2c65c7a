import { useId } from 'react';
import { Link } from 'react-router-dom';
import { bus } from 'shared-events';
import { usePageAuth, warmUpOnInteraction } from '../auth/usePageAuth.ts';
import { errorKindText } from '../ui/errorText.ts';
import { useScreenT } from '../i18n/useT.ts';
import { userStrings } from '../i18n/userStrings.ts';
import { LazyLoginScreen } from '../login/lazyLoginScreen.ts';
import { greetingName } from '../my-account/greeting.ts';
import { addressLines } from '../my-account/profile.ts';
import { useOwnRecord } from '../my-account/useOwnRecord.ts';
import { ConnectionNotice } from '../ui/ConnectionNotice.tsx';
import { AlertIcon } from '../ui/icons/AlertIcon.tsx';
import { PencilIcon } from '../ui/icons/PencilIcon.tsx';
import { UserIcon } from '../ui/icons/UserIcon.tsx';
import forms from '../ui/forms.module.css';
import styles from './UserPage.module.css';

/** /user (exposed as ./UserPage): the signed-in shopper's profile at a glance, read-only. */
export default function UserPage() {
  const { user } = usePageAuth();
  return (
    <div className={styles.page} data-remote="account" data-bus-id={bus.instanceId} {...warmUpOnInteraction}>
      {user ? <Profile /> : <LazyLoginScreen redirect={false} />}
    </div>
  );
}

function Profile() {
  const t = useScreenT(userStrings);
  const id = useId();
  const { user, confirmed } = usePageAuth();
  const own = useOwnRecord(confirmed && user ? user.uid : null);
  if (!user) return null;
  const record = own.record;
  const fullName = [greetingName(record, user), record?.lastName ?? ''].join(' ').trim();
  const address = addressLines(record);
  const rows: Array<[string, string | string[]]> = [
    [t('user.name'), fullName],
    [t('user.email'), user.email ?? ''],
    [t('user.phone'), record?.telephone ?? ''],
    [t('user.address'), address],
    [t('user.newsletter'), record ? (record.newsletter ? t('common.subscribed') : t('common.notSubscribed')) : ''],
  ];
  const loading = !confirmed || (own.status === 'loading' && !record);
  return (
    <section className={styles.profile} aria-labelledby={`${id}-title`}>
      <header className={styles.head}>
        <span className={styles.avatar} aria-hidden="true">
          {fullName ? fullName.charAt(0).toUpperCase() : <UserIcon size={28} />}
        </span>
        <div>
          <h1 id={`${id}-title`} className={styles.title}>
            {t('user.title')}
          </h1>
          <p className={styles.lead}>{t('user.lead')}</p>
        </div>
      </header>
      <ConnectionNotice />
      {own.status === 'error' ? (
        <div className={forms.alert} role="alert">
          <AlertIcon />
          <div className={forms.messageBody}>
            <p>{errorKindText(t, own.error ?? 'unknown')}</p>
            <button type="button" className={forms.secondary} onClick={own.reload}>
              {t('common.retry')}
            </button>
          </div>
        </div>
      ) : loading ? (
        <p className={styles.muted} role="status">
          {confirmed ? t('record.loading') : t('connect.checking')}
        </p>
      ) : (
        <dl className={styles.list}>
          {rows.map(([label, value]) => (
            <div key={label} className={styles.row}>
              <dt>{label}</dt>
              <dd>
                {Array.isArray(value) ? (
                  value.length ? (
                    <address className={styles.address}>
                      {value.map((line) => (
                        <span key={line}>{line}</span>
                      ))}
                    </address>
                  ) : (
                    <span className={styles.muted}>{t('common.notSet')}</span>
                  )
                ) : value ? (
                  value
                ) : (
                  <span className={styles.muted}>{t('common.notSet')}</span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <div className={forms.actions}>
        <Link to="/my-account?tab=details" className={forms.secondary}>
          <PencilIcon />
          {t('user.edit')}
        </Link>
      </div>
    </section>
  );
}
