import { useId } from 'react';
import { Link } from 'react-router-dom';
import { bus } from 'shared-events';
import { usePageAuth, warmUpOnInteraction } from '../auth/usePageAuth.ts';
import { useScreenT } from '../i18n/useT.ts';
import { signUpStrings } from '../i18n/signUpStrings.ts';
import { ConnectionNotice } from '../ui/ConnectionNotice.tsx';
import forms from '../ui/forms.module.css';
import { AddressSection, PasswordSection, PersonalSection } from './SignUpFields.tsx';
import { FinishSection } from './SignUpFinish.tsx';
import { SignUpAside } from './SignUpAside.tsx';
import { SignUpNotices } from './SignUpNotices.tsx';
import styles from './SignUpPage.module.css';
import { useSignUpForm } from './useSignUpForm.ts';

export { REDIRECT_AFTER_SIGN_UP_MS } from './useSignUpForm.ts';

/**
 * /sign-up (exposed as ./SignUpPage): every field of the spec. signUpReducer (src/forms/signup.ts)
 * validates and holds the state; on success: toast "Congratulations, SignUp Done!", the form is
 * cleared, and the shopper goes to /login after 2.5 s.
 */
export default function SignUpPage() {
  const t = useScreenT(signUpStrings);
  const id = useId();
  const session = usePageAuth();
  const { state, formRef, submit, change, error } = useSignUpForm();
  const section = { id, values: state.values, error, change };
  const signedInAs = session.confirmed && session.user ? session.user.displayName || session.user.email : null;

  return (
    <div className={styles.page} data-remote="account" data-bus-id={bus.instanceId} {...warmUpOnInteraction}>
      <header className={styles.head}>
        <h1 id={`${id}-title`} className={styles.title}>
          {t('signup.title')}
        </h1>
        <p className={styles.lead}>{t('signup.lead')}</p>
        <p className={styles.already}>
          {t('signup.haveAccount')} <Link to="/login">{t('signup.loginLink')}</Link>
        </p>
      </header>

      <div className={styles.layout}>
        <form ref={formRef} className={styles.form} onSubmit={submit} noValidate aria-busy={state.pending} aria-labelledby={`${id}-title`}>
          <ConnectionNotice />
          <SignUpNotices state={state} signedInAs={signedInAs} />
          <PersonalSection {...section} />
          <AddressSection {...section} />
          <PasswordSection {...section} />
          <FinishSection {...section} privacyRefused={Boolean(state.errors.agreePrivacy)} />

          <div className={styles.submitRow}>
            <button type="submit" className={forms.primary} disabled={state.pending || state.succeeded}>
              {state.pending ? t('signup.submitting') : t('signup.submit')}
            </button>
          </div>
        </form>
        <SignUpAside id={id} />
      </div>
    </div>
  );
}
