import { useEffect, useId, useReducer, useRef, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'shared-events';
import { accountSession } from '../auth/instance.ts';
import { toAccountError } from '../firebase/errors.ts';
import { initialLoginState, loginReducer, type LoginAction, type LoginState } from '../forms/login.ts';
import { translateFormMessage } from '../i18n/formMessages.ts';
import { useScreenT } from '../i18n/useT.ts';
import { loginStrings } from '../i18n/loginStrings.ts';
import { ConnectionNotice } from '../ui/ConnectionNotice.tsx';
import { Field, PasswordInput, TextInput } from '../ui/Field.tsx';
import { AlertIcon } from '../ui/icons/AlertIcon.tsx';
import forms from '../ui/forms.module.css';
import styles from './LoginPage.module.css';

export const TOAST_MS = 2500;

interface Props {
  /** Where to go after a successful login; null = stay (the page shows what the shopper came for). */
  redirectTo: string | null;
  /** The heading that names the form (the section's h2). */
  labelledBy: string;
}

/**
 * The Returning Customer form. The pure loginReducer (src/forms/login.ts) owns
 * the state and the spec's messages; this component runs the service calls it asks for.
 */
export function LoginForm({ redirectTo, labelledBy }: Props) {
  const t = useScreenT(loginStrings);
  const navigate = useNavigate();
  const id = useId();
  const [state, dispatch] = useReducer(loginReducer, initialLoginState);
  const current = useRef<LoginState>(state);
  current.current = state;
  const emailInput = useRef<HTMLInputElement>(null);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  // An email problem sends the shopper back to the email field.
  useEffect(() => {
    if (state.emailError) emailInput.current?.focus();
  }, [state.emailError]);

  /** Dispatches `action` and answers the state it leads to (to start the call it asks for). */
  const step = (action: LoginAction): LoginState => {
    const next = loginReducer(current.current, action);
    current.current = next;
    dispatch(action);
    return next;
  };

  const logIn = (event: FormEvent) => {
    event.preventDefault();
    const next = step({ type: 'loginSubmitted' });
    if (next.pending !== 'login') return;
    accountSession.signIn(next.email, next.password).then(
      (user) => {
        toast.show(t('login.success', { name: user.displayName || user.email || '' }), { kind: 'success', position: 'top-left', durationMs: TOAST_MS });
        if (mounted.current) step({ type: 'loginSucceeded' });
        if (redirectTo) navigate(redirectTo, { replace: true });
      },
      (error: unknown) => {
        if (mounted.current) step({ type: 'loginFailed', kind: toAccountError(error).kind });
      },
    );
  };

  const reset = () => {
    const next = step({ type: 'resetRequested' });
    if (next.pending !== 'reset') return;
    const email = next.email.trim();
    accountSession.sendReset(email).then(
      () => {
        toast.show(t('resetLink.sent', { email }), { kind: 'success', position: 'bottom-left', durationMs: TOAST_MS });
        if (mounted.current) step({ type: 'resetSucceeded' });
      },
      (error: unknown) => {
        if (mounted.current) step({ type: 'resetFailed', kind: toAccountError(error).kind });
      },
    );
  };

  const emailId = `${id}-email`;
  const passwordId = `${id}-password`;
  const busy = state.pending !== 'none';
  return (
    <form className={forms.form} onSubmit={logIn} noValidate aria-labelledby={labelledBy} aria-busy={busy}>
      <ConnectionNotice />
      <Field id={emailId} label={t('field.email')} error={translateFormMessage(t, state.emailError) || undefined}>
        {(control) => (
          <TextInput
            control={control}
            inputRef={emailInput}
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            placeholder={t('login.emailPlaceholder')}
            value={state.email}
            onValue={(value) => step({ type: 'emailChanged', value })}
          />
        )}
      </Field>
      <Field id={passwordId} label={t('field.password')}>
        {(control) => (
          <PasswordInput
            control={control}
            name="password"
            autoComplete="current-password"
            placeholder={t('login.passwordPlaceholder')}
            value={state.password}
            onValue={(value) => step({ type: 'passwordChanged', value })}
            visible={state.passwordVisible}
            onToggle={() => step({ type: 'passwordVisibilityToggled' })}
            showLabel={t('common.showPassword')}
            hideLabel={t('common.hidePassword')}
          />
        )}
      </Field>
      {state.generalError && (
        <p className={forms.alert} role="alert" data-testid="login-error">
          <AlertIcon />
          <span>{translateFormMessage(t, state.generalError)}</span>
        </p>
      )}
      <div className={styles.buttons}>
        <button type="submit" className={forms.primary} disabled={busy}>
          {state.pending === 'login' ? t('login.submitting') : t('login.submit')}
        </button>
        <button type="button" className={forms.secondary} onClick={reset} disabled={busy} aria-describedby={`${id}-forgot`}>
          {state.pending === 'reset' ? t('resetLink.sending') : t('login.forgot')}
        </button>
      </div>
      <p id={`${id}-forgot`} className={forms.hint}>
        {t('login.forgotHint')}
      </p>
    </form>
  );
}
