import { useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { bus, language } from 'shared-events';
import { afterLive } from '../auth/afterLive.ts';
import { accountSession } from '../auth/instance.ts';
import { warmUpOnInteraction } from '../auth/usePageAuth.ts';
import { toAccountError, type AccountErrorKind } from '../firebase/errors.ts';
import { errorKindText } from '../ui/errorText.ts';
import { useScreenT } from '../i18n/useT.ts';
import { resetStrings } from '../i18n/resetStrings.ts';
import { AlertIcon } from '../ui/icons/AlertIcon.tsx';
import forms from '../ui/forms.module.css';
import { NewPasswordForm } from './NewPasswordForm.tsx';
import { readResetLink } from './resetLink.ts';
import styles from './ResetPasswordPage.module.css';

/** Where the link stands: being checked, good for `email`, expired or used, or not checkable now. */
type Check = { state: 'checking' } | { state: 'ready'; email: string } | { state: 'invalid' } | { state: 'error'; kind: AccountErrorKind } | { state: 'done' };

/** A code Firebase refuses: expired, used, unknown, or for an account that is gone or disabled. */
const refusedCode = (kind: AccountErrorKind) => kind === 'invalid-action-code' || kind === 'invalid-credential';

/**
 * /reset-password (exposed as ./ResetPasswordPage): where the reset mail's link lands, in the shop's
 * own mail and as a real Firebase project's custom action URL. Checks the link's code, shows whose
 * account it is for, takes the new password twice by sign-up's rules, sets it, and sends the shopper
 * to log in with it. A missing, expired or used code gets a clear message and the way to a new link.
 */
export default function ResetPasswordPage() {
  const t = useScreenT(resetStrings);
  const id = useId();
  const location = useLocation();
  const link = useMemo(() => readResetLink(location.search), [location.search]);
  const [check, setCheck] = useState<Check>({ state: 'checking' });
  const [attempt, retry] = useReducer((n: number) => n + 1, 0);

  // The mail was written in the shopper's language: the page it opens speaks it too.
  useEffect(() => {
    if (link.kind === 'code' && link.lang && link.lang !== language.current) language.set(link.lang);
  }, [link]);

  useEffect(() => {
    if (link.kind !== 'code') return;
    let live = true;
    setCheck({ state: 'checking' });
    // Checking the code needs Firebase, which waits for the page to be live (the page says it is checking).
    afterLive()
      .then(() => accountSession.verifyResetCode(link.code))
      .then(
        (email) => live && setCheck({ state: 'ready', email }),
        (error: unknown) => {
          const kind = toAccountError(error).kind;
          if (live) setCheck(refusedCode(kind) ? { state: 'invalid' } : { state: 'error', kind });
        },
      );
    return () => {
      live = false;
    };
  }, [link, attempt]);

  const shown: Check = link.kind === 'code' ? check : { state: 'invalid' };
  const problem = link.kind === 'missing' ? t('reset.missing') : link.kind === 'other-action' ? t('reset.otherAction') : t('reset.expired');
  return (
    // Only a link with a code needs Firebase; a missing or spoiled one is answered without it.
    <div className={styles.page} data-remote="account" data-bus-id={bus.instanceId} {...(link.kind === 'code' ? warmUpOnInteraction : {})}>
      <section className={styles.card} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`} className={styles.title}>
          {t('reset.title')}
        </h1>
        {shown.state === 'checking' && (
          <p className={styles.muted} role="status">
            {t('reset.checking')}
          </p>
        )}
        {shown.state === 'invalid' && <LinkProblem message={problem} />}
        {shown.state === 'error' && (
          <div className={forms.alert} role="alert" data-testid="reset-error">
            <AlertIcon />
            <div className={forms.messageBody}>
              <p>{errorKindText(t, shown.kind)}</p>
              <button type="button" className={forms.secondary} onClick={retry}>
                {t('common.retry')}
              </button>
            </div>
          </div>
        )}
        {shown.state === 'ready' && link.kind === 'code' && (
          <NewPasswordForm
            code={link.code}
            email={shown.email}
            labelledBy={`${id}-title`}
            onDone={() => setCheck({ state: 'done' })}
            onRefused={() => setCheck({ state: 'invalid' })}
          />
        )}
        {shown.state === 'done' && <Done />}
      </section>
    </div>
  );
}

/** Said where the keyboard is: focus moves to the message when it appears. */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

function LinkProblem({ message }: { message: string }) {
  const t = useScreenT(resetStrings);
  const ref = useFocusOnMount<HTMLDivElement>();
  return (
    <div ref={ref} tabIndex={-1} className={`${forms.alert} ${styles.message}`} role="alert" data-testid="reset-link-problem">
      <AlertIcon />
      <div className={forms.messageBody}>
        <p>{message}</p>
        <Link to="/login" className={forms.secondary}>
          {t('reset.askAgain')}
        </Link>
      </div>
    </div>
  );
}

function Done() {
  const t = useScreenT(resetStrings);
  const ref = useFocusOnMount<HTMLDivElement>();
  return (
    <div ref={ref} tabIndex={-1} className={`${forms.success} ${styles.message}`} role="status" data-testid="reset-done">
      <div className={forms.messageBody}>
        <p>{t('reset.done')}</p>
        <Link to="/login" className={forms.primary}>
          {t('reset.logIn')}
        </Link>
      </div>
    </div>
  );
}
