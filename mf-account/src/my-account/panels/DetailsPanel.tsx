import { useId, useRef, useState, type FormEvent } from 'react';
import { toAccountError } from '../../firebase/errors.ts';
import { translateFormMessage } from '../../i18n/formMessages.ts';
import { useScreenT } from '../../i18n/useT.ts';
import { accountStrings } from '../../i18n/accountStrings.ts';
import forms from '../../ui/forms.module.css';
import type { PanelProps } from './panel.ts';
import { detailsValues, toPatch, type DetailsField, type DetailsValues, type Errors } from '../profile.ts';
import { hasErrors, validateDetails } from '../profileRules.ts';
import styles from '../AccountDashboard.module.css';
import { DetailsFields } from './DetailsFields.tsx';
import { PasswordResetBox } from './PasswordResetBox.tsx';
import { SaveStatus, type Save } from './SaveStatus.tsx';

/** Name and telephone from users/{uid}, edited in place; the sign-in email shown read-only; password reset. */
export function DetailsPanel({ user, own }: PanelProps) {
  const t = useScreenT(accountStrings);
  const id = useId();
  const [values, setValues] = useState<DetailsValues>(() => detailsValues(own.record, user));
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<Errors<DetailsField>>({});
  const [save, setSave] = useState<Save>({ state: 'idle' });
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

  const fieldError = (field: DetailsField) => translateFormMessage(t, errors[field] ?? '') || undefined;
  return (
    <div className={styles.panelBody}>
      <p className={styles.muted}>{t('details.intro')}</p>
      {own.status === 'ready' && !own.record && <p className={forms.info}>{t('record.missing')}</p>}
      <form ref={formRef} className={styles.editForm} onSubmit={submit} noValidate aria-label={t('tab.details')} aria-busy={save.state === 'saving'}>
        <DetailsFields id={id} values={shown} email={user.email} fieldError={fieldError} onChange={change} />
        <SaveStatus save={save} />
        <div className={forms.actions}>
          <button type="submit" className={forms.primary} disabled={save.state === 'saving'}>
            {save.state === 'saving' ? t('common.saving') : t('common.save')}
          </button>
        </div>
      </form>
      <PasswordResetBox id={id} email={user.email} />
    </div>
  );
}
