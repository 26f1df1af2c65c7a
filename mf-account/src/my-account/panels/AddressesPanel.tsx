import { useId, useRef, useState, type FormEvent } from 'react';
import { toAccountError } from '../../firebase/errors.ts';
import { translateFormMessage } from '../../i18n/formMessages.ts';
import { useT, type MessageKey } from '../../i18n/useT.ts';
import { CountryRegionFields } from '../../ui/CountryRegionFields.tsx';
import { Field, TextInput } from '../../ui/Field.tsx';
import { MapPinIcon, PencilIcon } from '../../ui/icons.tsx';
import forms from '../../ui/forms.module.css';
import type { PanelProps } from './panel.ts';
import { addressLines, addressValues, hasErrors, toPatch, validateAddress, type AddressField, type AddressValues, type Errors } from '../profile.ts';
import styles from '../AccountDashboard.module.css';
import { SaveStatus, type Save } from './SaveStatus.tsx';

const TEXT: Array<{ field: Exclude<AddressField, 'country' | 'region'>; label: MessageKey; autoComplete: string; maxLength: number }> = [
  { field: 'address1', label: 'field.address1', autoComplete: 'address-line1', maxLength: 200 },
  { field: 'address2', label: 'field.address2', autoComplete: 'address-line2', maxLength: 200 },
  { field: 'city', label: 'field.city', autoComplete: 'address-level2', maxLength: 100 },
  { field: 'postCode', label: 'field.postCode', autoComplete: 'postal-code', maxLength: 20 },
];

/** The stored address (what checkout prefills), shown and edited in place. */
export function AddressesPanel({ user, own }: PanelProps) {
  const t = useT();
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
          <article className={styles.addressCard} aria-labelledby={`${id}-billing`}>
            <div className={styles.addressHead}>
              <h3 id={`${id}-billing`} className={styles.subTitle}>
                <MapPinIcon /> {t('addresses.billing')}
              </h3>
              <button ref={editButton} type="button" className={forms.secondary} onClick={startEditing}>
                <PencilIcon />
                {lines.length ? t('addresses.edit') : t('addresses.add')}
              </button>
            </div>
            {lines.length ? (
              <address className={styles.address} data-testid="saved-address">
                {lines.map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </address>
            ) : (
              <p className={styles.muted}>{t('addresses.none')}</p>
            )}
          </article>
        </>
      ) : (
        <form ref={formRef} className={styles.editForm} onSubmit={submit} noValidate aria-labelledby={`${id}-form-title`} aria-busy={save.state === 'saving'}>
          <h3 id={`${id}-form-title`} className={styles.subTitle}>
            {lines.length ? t('addresses.edit') : t('addresses.add')}
          </h3>
          <div className={styles.grid}>
            {TEXT.map(({ field, label, autoComplete, maxLength }) => (
              <Field key={field} id={`${id}-${field}`} label={t(label)} optionalText={t('common.optional')} error={fieldError(field)}>
                {(control) => (
                  <TextInput
                    control={control}
                    name={field}
                    autoComplete={autoComplete}
                    maxLength={maxLength}
                    value={values[field]}
                    onValue={(v) => change(field, v)}
                  />
                )}
              </Field>
            ))}
            <CountryRegionFields
              idPrefix={id}
              country={values.country}
              region={values.region}
              countryError={fieldError('country')}
              regionError={fieldError('region')}
              onChange={change}
            />
          </div>
          <SaveStatus save={save} />
          <div className={forms.actions}>
            <button type="submit" className={forms.primary} disabled={save.state === 'saving'}>
              {save.state === 'saving' ? t('common.saving') : t('common.save')}
            </button>
            <button type="button" className={forms.ghost} onClick={stopEditing} disabled={save.state === 'saving'}>
              {t('common.cancel')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
