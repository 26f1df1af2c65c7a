import { useId, useRef, useState, type FormEvent } from 'react';
import { toAccountError } from '../../firebase/errors.ts';
import { translateFormMessage } from '../../i18n/formMessages.ts';
import { useScreenT } from '../../i18n/useT.ts';
import { accountStrings } from '../../i18n/accountStrings.ts';
import type { PanelProps } from './panel.ts';
import { addressLines, addressValues, toPatch, type AddressField, type AddressValues, type Errors } from '../profile.ts';
import { hasErrors, validateAddress } from '../profileRules.ts';
import styles from '../AccountDashboard.module.css';
import { AddressCard } from './AddressCard.tsx';
import { AddressForm } from './AddressForm.tsx';
import { SaveStatus, type Save } from './SaveStatus.tsx';

/** The stored address (what checkout prefills), shown and edited in place. */
export function AddressesPanel({ user, own }: PanelProps) {
  const t = useScreenT(accountStrings);
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<AddressValues>(() => addressValues(own.record));
  const [errors, setErrors] = useState<Errors<AddressField>>({});
  const [save, setSave] = useState<Save>({ state: 'idle' });
  const editButton = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  if (own.status === 'loading' && !own.record)
    return (
      <p className={styles.muted} role="status">
        {t('record.loading')}
      </p>
    );

  const lines = addressLines(own.record);
  const startEditing = () => {
    setValues(addressValues(own.record));
    setErrors({});
    setSave({ state: 'idle' });
    setEditing(true);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('input, select')?.focus());
  };
  const stopEditing = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };
  const change = (field: AddressField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    if (save.state !== 'saving') setSave({ state: 'idle' });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.state === 'saving') return;
    const found = validateAddress(values);
    setErrors(found);
    if (hasErrors(found)) {
      const first = Object.keys(found)[0];
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSave({ state: 'saving' });
    own.save(toPatch(values, own.record, user)).then(
      () => {
        setSave({ state: 'saved', message: t('addresses.saved') });
        stopEditing();
      },
      (error: unknown) => setSave({ state: 'failed', kind: toAccountError(error).kind }),
    );
  };

  const fieldError = (field: AddressField) => translateFormMessage(t, errors[field] ?? '') || undefined;

  return (
    <div className={styles.panelBody}>
      <p className={styles.muted}>{t('addresses.intro')}</p>
      {!editing ? (
        <>
          <SaveStatus save={save} />
          <AddressCard id={id} lines={lines} editButton={editButton} onEdit={startEditing} />
        </>
      ) : (
        <AddressForm
          id={id}
          formRef={formRef}
          hasAddress={lines.length > 0}
          values={values}
          save={save}
          fieldError={fieldError}
          onChange={change}
          onSubmit={submit}
          onCancel={stopEditing}
        />
      )}
    </div>
  );
}
