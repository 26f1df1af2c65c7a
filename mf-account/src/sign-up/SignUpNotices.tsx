import type { SignUpState } from '../forms/signup.ts';
import { translateFormMessage } from '../i18n/formMessages.ts';
import { useScreenT } from '../i18n/useT.ts';
import { signUpStrings } from '../i18n/signUpStrings.ts';
import { AlertIcon } from '../ui/icons/AlertIcon.tsx';
import { CheckIcon } from '../ui/icons/CheckIcon.tsx';
import forms from '../ui/forms.module.css';

/**
 * What the sign-up form says above its fields: who is signed in already, the redirect after a
 * success, why a submission was refused, and which fields are required.
 */
export function SignUpNotices({ state, signedInAs }: { state: SignUpState; signedInAs: string | null }) {
  const t = useScreenT(signUpStrings);
  const hasFieldErrors = Object.values(state.errors).some(Boolean);
  return (
    <>
      {signedInAs && !state.succeeded && (
        <p className={forms.info}>
          <AlertIcon />
          <span>{t('signup.signedInAs', { name: signedInAs })}</span>
        </p>
      )}
      {state.succeeded && (
        <p className={forms.success} role="status">
          <CheckIcon />
          <span>{t('signup.redirecting')}</span>
        </p>
      )}
      {state.formError && (
        <p className={forms.alert} role="alert" data-testid="signup-error">
          <AlertIcon />
          <span>{translateFormMessage(t, state.formError)}</span>
        </p>
      )}
      {hasFieldErrors && !state.formError && (
        <p className={forms.alert} role="alert">
          <AlertIcon />
          <span>{t('signup.fixErrors')}</span>
        </p>
      )}
      <p className={forms.hint}>{t('common.requiredNote')}</p>
    </>
  );
}
