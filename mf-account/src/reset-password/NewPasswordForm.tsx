import { useEffect, useId, useReducer, useRef, useState, type FormEvent } from 'react';
import { accountSession } from '../auth/instance.ts';
import { toAccountError } from '../firebase/errors.ts';
import { SIGNUP_MESSAGES } from '../forms/signupMessages.ts';
import { errorKindText, translateFormMessage } from '../i18n/formMessages.ts';
import { useScreenT } from '../i18n/useT.ts';
import { resetStrings } from '../i18n/resetStrings.ts';
import { ConnectionNotice } from '../ui/ConnectionNotice.tsx';
import { AlertIcon } from '../ui/icons/AlertIcon.tsx';
import { NewPasswordFields } from '../ui/NewPasswordFields.tsx';
import forms from '../ui/forms.module.css';
import { newPasswordErrors, type NewPasswordErrors, type NewPasswordValues } from './newPassword.ts';
import styles from './ResetPasswordPage.module.css';

interface Props {
  code: string;
  /** The account the code is for, as Firebase names it. */
  email: string;
  labelledBy: string;
  onDone(): void;
  /** The code was refused while setting the password (used meanwhile, expired). */
  onRefused(): void;
}

/** The new password twice, with sign-up's rules, hint and messages; sets it with the link's code. */
export function NewPasswordForm({ code, email, labelledBy, onDone, onRefused }: Props) {
  const t = useScreenT(resetStrings);
  const id = useId();
  const [values, setValues] = useState<NewPasswordValues>({ password: '', repeatPassword: '' });
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [formError, setFormError] = useState('');
  const [pending, setPending] = useState(false);
  const [attempt, refused] = useReducer((n: number) => n + 1, 0);
  const formRef = useRef<HTMLFormElement>(null);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  // After a refused submission, the first field that needs attention gets the focus.
  useEffect(() => {
    if (attempt === 0) return;
    const first = (['password', 'repeatPassword'] as const).find((field) => errors[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }, [attempt, errors]);

  const change = (field: keyof NewPasswordValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      const next = { ...current };
      delete next[field];
      if (field === 'password' && next.repeatPassword === SIGNUP_MESSAGES.passwordMismatch) delete next.repeatPassword;
      return next;
    });
    setFormError('');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const found = newPasswordErrors(values);
    setErrors(found);
    setFormError('');
    if (Object.keys(found).length > 0) {
      refused();
      return;
    }
    setPending(true);
    accountSession.confirmReset(code, values.password).then(
      () => {
        if (mounted.current) onDone();
      },
      (error: unknown) => {
        if (!mounted.current) return;
        setPending(false);
        const kind = toAccountError(error).kind;
        if (kind === 'invalid-action-code' || kind === 'invalid-credential') onRefused();
        else if (kind === 'weak-password') {
          setErrors({ password: SIGNUP_MESSAGES.weakPassword });
          refused();
        } else setFormError(errorKindText(t, kind));
      },
    );
  };

  const error = (field: keyof NewPasswordValues) => translateFormMessage(t, errors[field] ?? '') || undefined;
  return (
    <form ref={formRef} className={forms.form} onSubmit={submit} noValidate aria-labelledby={labelledBy} aria-busy={pending}>
      <ConnectionNotice />
      <p className={styles.account}>
        {t('reset.for')} <strong data-testid="reset-email">{email}</strong>
      </p>
      <NewPasswordFields id={id} repeatSuffix="repeat" passwordLabel={t('reset.newPassword')} values={values} error={error} change={change} />
      {formError && (
        <p className={forms.alert} role="alert" data-testid="reset-form-error">
          <AlertIcon />
          <span>{formError}</span>
        </p>
      )}
      <div>
        <button type="submit" className={forms.primary} disabled={pending}>
          {pending ? t('reset.submitting') : t('reset.submit')}
        </button>
      </div>
    </form>
  );
}
