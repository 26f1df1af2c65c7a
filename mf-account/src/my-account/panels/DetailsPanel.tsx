import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'shared-events';
import { accountSession } from '../../auth/instance.ts';
import { toAccountError } from '../../firebase/errors.ts';
import { errorKindText, translateFormMessage } from '../../i18n/formMessages.ts';
import { useT } from '../../i18n/useT.ts';
import { Field, TextInput } from '../../ui/Field.tsx';
import { AlertIcon } from '../../ui/icons.tsx';
import forms from '../../ui/forms.module.css';
import type { PanelProps } from './panel.ts';
import { detailsValues, hasErrors, toPatch, validateDetails, type DetailsField, type DetailsValues, type Errors } from '../profile.ts';
import styles from '../AccountDashboard.module.css';
import { SaveStatus, type Save } from './SaveStatus.tsx';

/** Name and telephone from users/{uid}, edited in place; the sign-in email shown read-only; password reset. */
export function DetailsPanel({ user, own }: PanelProps) {
  const t = useT();
  const id = useId();
  const [values, setValues] = useState<DetailsValues>(() => detailsValues(own.record, user));
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<Errors<DetailsField>>({});
  const [save, setSave] = useState<Save>({ state: 'idle' });
  const [reset, setReset] = useState<{ state: 'idle' | 'sending' } | { state: 'failed'; message: string }>({ state: 'idle' });
  const formRef = useRef<HTMLFormElement>(null);

  // The record may arrive after the panel opened: show it until the shopper starts typing.
  const shown = touched ? values : detailsValues(own.record, user);
  if (own.status === 'loading' && !own.record)
    return (
      <p className={styles.muted} role="status">
        {t('record.loading')}
      </p>
    );

  const change = (field: DetailsField, value: string) => {
    setValues({ ...shown, [field]: value });
    setTouched(true);
    setErrors((current) => ({ ...current, [field]: undefined }));
    if (save.state !== 'saving') setSave({ state: 'idle' });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.state === 'saving') return;
    const found = validateDetails(shown);
    setErrors(found);
    if (hasErrors(found)) {
      const first = Object.keys(found)[0];
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSave({ state: 'saving' });
    own.save(toPatch(shown, own.record, user)).then(
      () => {
        setSave({ state: 'saved', message: t('details.saved') });
        setTouched(false);
      },
      (error: unknown) => setSave({ state: 'failed', kind: toAccountError(error).kind }),
    );
  };

  const sendReset = () => {
    if (!user.email || reset.state === 'sending') return;
    const email = user.email;
    setReset({ state: 'sending' });
    accountSession.sendReset(email).then(
      () => {
        setReset({ state: 'idle' });
        toast.show(t('login.resetSent', { email }), { kind: 'success', position: 'bottom-left', durationMs: 2500 });
      },
      (error: unknown) => setReset({ state: 'failed', message: errorKindText(t, toAccountError(error).kind) }),
    );
  };

  const fieldError = (field: DetailsField) => translateFormMessage(t, errors[field] ?? '') || undefined;
  return (
    <div className={styles.panelBody}>
      <p className={styles.muted}>{t('details.intro')}</p>
      {own.status === 'ready' && !own.record && <p className={forms.info}>{t('record.missing')}</p>}
      <form ref={formRef} className={styles.editForm} onSubmit={submit} noValidate aria-label={t('tab.details')} aria-busy={save.state === 'saving'}>
        <div className={styles.grid}>
          <Field id={`${id}-username`} label={t('field.firstName')} required error={fieldError('username')}>
            {(control) => (
              <TextInput
                control={control}
                name="username"
                autoComplete="given-name"
                maxLength={100}
                value={shown.username}
                onValue={(v) => change('username', v)}
              />
            )}
          </Field>
          <Field id={`${id}-lastName`} label={t('field.lastName')} optionalText={t('common.optional')} error={fieldError('lastName')}>
            {(control) => (
              <TextInput
                control={control}
                name="lastName"
                autoComplete="family-name"
                maxLength={100}
                value={shown.lastName}
                onValue={(v) => change('lastName', v)}
              />
            )}
          </Field>
          <Field id={`${id}-telephone`} label={t('field.telephone')} optionalText={t('common.optional')} error={fieldError('telephone')}>
            {(control) => (
              <TextInput
                control={control}
                name="telephone"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                maxLength={40}
                value={shown.telephone}
                onValue={(v) => change('telephone', v)}
              />
            )}
          </Field>
          <Field id={`${id}-email`} label={t('field.email')} hint={t('details.emailNote')}>
            {(control) => <TextInput control={control} name="email" type="email" value={user.email ?? ''} onValue={() => undefined} readOnly />}
          </Field>
        </div>
        <SaveStatus save={save} />
        <div className={forms.actions}>
          <button type="submit" className={forms.primary} disabled={save.state === 'saving'}>
            {save.state === 'saving' ? t('common.saving') : t('common.save')}
          </button>
        </div>
      </form>
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
          <button type="button" className={forms.secondary} onClick={sendReset} disabled={!user.email || reset.state === 'sending'}>
            {reset.state === 'sending' ? t('login.sendingReset') : t('details.sendReset')}
          </button>
        </div>
      </section>
    </div>
  );
}
