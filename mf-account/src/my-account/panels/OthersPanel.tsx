import { useState } from 'react';
import { toAccountError } from '../../firebase/errors.ts';
import { useScreenT } from '../../i18n/useT.ts';
import { accountStrings } from '../../i18n/accountStrings.ts';
import { CheckIcon } from '../../ui/icons/CheckIcon.tsx';
import forms from '../../ui/forms.module.css';
import type { PanelProps } from './panel.ts';
import { toPatch } from '../profile.ts';
import styles from '../AccountDashboard.module.css';
import { SaveStatus, type Save } from './SaveStatus.tsx';

/** Preferences kept in users/{uid}: the newsletter choice made at sign-up. */
export function OthersPanel({ user, own }: PanelProps) {
  const t = useScreenT(accountStrings);
  const [save, setSave] = useState<Save>({ state: 'idle' });
  if (own.status === 'loading' && !own.record)
    return (
      <p className={styles.muted} role="status">
        {t('record.loading')}
      </p>
    );
  const subscribed = own.record?.newsletter === true;

  const toggle = () => {
    if (save.state === 'saving') return;
    setSave({ state: 'saving' });
    own.save({ ...toPatch({}, own.record, user), newsletter: !subscribed }).then(
      () => setSave({ state: 'saved', message: t('others.saved') }),
      (error: unknown) => setSave({ state: 'failed', kind: toAccountError(error).kind }),
    );
  };

  return (
    <div className={styles.panelBody}>
      <p className={styles.muted}>{t('others.intro')}</p>
      <article className={styles.addressCard}>
        <div className={styles.addressHead}>
          <h3 className={styles.subTitle}>{t('others.newsletterTitle')}</h3>
          <span className={subscribed ? `${styles.badge} ${styles.badgePaid}` : styles.badge}>
            {subscribed && <CheckIcon size={14} />}
            {subscribed ? t('common.subscribed') : t('common.notSubscribed')}
          </span>
        </div>
        <p className={styles.muted}>{t('others.newsletterText')}</p>
        <p>{subscribed ? t('others.subscribed') : t('others.notSubscribed')}</p>
        <SaveStatus save={save} />
        <div className={forms.actions}>
          <button type="button" className={subscribed ? forms.secondary : forms.primary} onClick={toggle} disabled={save.state === 'saving'}>
            {save.state === 'saving' ? t('common.saving') : subscribed ? t('others.unsubscribe') : t('others.subscribe')}
          </button>
        </div>
      </article>
    </div>
  );
}
