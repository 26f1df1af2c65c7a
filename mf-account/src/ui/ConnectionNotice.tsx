import { useState } from 'react';
import { useAccountSession } from '../auth/useAccountSession.ts';
import { accountSession } from '../auth/instance.ts';
import { useT } from '../i18n/useT.ts';
import { AlertIcon } from './icons/AlertIcon.tsx';
import styles from './forms.module.css';

/** Says clearly when the sign-in service cannot be started (gateway config or emulator down), with a retry. */
export function ConnectionNotice() {
  const t = useT();
  const { status, problem } = useAccountSession();
  const [retrying, setRetrying] = useState(false);
  if (status !== 'failed') return null;
  const message = problem === 'config-unreachable' ? t('connect.unreachable') : problem === 'config-invalid' ? t('connect.invalid') : t('connect.failed');
  const retry = () => {
    setRetrying(true);
    accountSession
      .connect()
      .catch(() => undefined)
      .finally(() => setRetrying(false));
  };
  return (
    <div className={styles.alert} role="alert" data-testid="account-connection-problem">
      <AlertIcon />
      <div className={styles.messageBody}>
        <p>{message}</p>
        <button type="button" className={styles.secondary} onClick={retry} disabled={retrying}>
          {t('common.retry')}
        </button>
      </div>
    </div>
  );
}
