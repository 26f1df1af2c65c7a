import { useState } from 'react';
import { toast } from 'shared-events';
import { accountSession } from '../../auth/instance.ts';
import { toAccountError } from '../../firebase/errors.ts';
import { errorKindText } from '../../ui/errorText.ts';
import { useScreenT } from '../../i18n/useT.ts';
import { accountStrings } from '../../i18n/accountStrings.ts';
import { AlertIcon } from '../../ui/icons/AlertIcon.tsx';
import forms from '../../ui/forms.module.css';
import styles from '../AccountDashboard.module.css';

type ResetState = { state: 'idle' | 'sending' } | { state: 'failed'; message: string };

/** The details panel's password section: sends the reset mail to the sign-in email and says how it went. */
export function PasswordResetBox({ id, email }: { id: string; email: string | null }) {
  const t = useScreenT(accountStrings);
  const [reset, setReset] = useState<ResetState>({ state: 'idle' });

  const sendReset = () => {
    if (!email || reset.state === 'sending') return;
    setReset({ state: 'sending' });
    accountSession.sendReset(email).then(
      () => {
        setReset({ state: 'idle' });
        toast.show(t('resetLink.sent', { email }), { kind: 'success', position: 'bottom-left', durationMs: 2500 });
      },
      (error: unknown) => setReset({ state: 'failed', message: errorKindText(t, toAccountError(error).kind) }),
    );
  };

  return (
    <section className={styles.passwordBox} aria-labelledby={`${id}-password`}>
      <h3 id={`${id}-password`} className={styles.subTitle}>
        {t('details.passwordTitle')}
      </h3>
      <p className={styles.muted}>{t('details.passwordText')}</p>
      {reset.state === 'failed' && (
        <p className={forms.alert} role="alert">
          <AlertIcon />
          <span>{reset.message}</span>
        </p>
      )}
      <div className={forms.actions}>
        <button type="button" className={forms.secondary} onClick={sendReset} disabled={!email || reset.state === 'sending'}>
          {reset.state === 'sending' ? t('resetLink.sending') : t('details.sendReset')}
        </button>
      </div>
    </section>
  );
}
