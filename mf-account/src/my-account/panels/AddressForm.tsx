import type { FormEvent, RefObject } from 'react';
import { useScreenT, type MessageKey } from '../../i18n/useT.ts';
import { accountStrings } from '../../i18n/accountStrings.ts';
import { CountryRegionFields } from '../../ui/CountryRegionFields.tsx';
import { Field, TextInput } from '../../ui/Field.tsx';
import forms from '../../ui/forms.module.css';
import type { AddressField, AddressValues } from '../profile.ts';
import styles from '../AccountDashboard.module.css';
import { SaveStatus, type Save } from './SaveStatus.tsx';

const TEXT: Array<{ field: Exclude<AddressField, 'country' | 'region'>; label: MessageKey; autoComplete: string; maxLength: number }> = [
  { field: 'address1', label: 'field.address1', autoComplete: 'address-line1', maxLength: 200 },
  { field: 'address2', label: 'field.address2', autoComplete: 'address-line2', maxLength: 200 },
  { field: 'city', label: 'field.city', autoComplete: 'address-level2', maxLength: 100 },
  { field: 'postCode', label: 'field.postCode', autoComplete: 'postal-code', maxLength: 20 },
];

interface AddressFormProps {
  /** The panel's useId(), so the fields' ids stay the panel's. */
  id: string;
  formRef: RefObject<HTMLFormElement | null>;
  /** Whether an address is stored already: the title says "edit" rather than "add". */
  hasAddress: boolean;
  values: AddressValues;
  save: Save;
  fieldError(field: AddressField): string | undefined;
  onChange(field: AddressField, value: string): void;
  onSubmit(event: FormEvent): void;
  onCancel(): void;
}

/** The address being edited: its fields, the save's outcome, and save/cancel. */
export function AddressForm({ id, formRef, hasAddress, values, save, fieldError, onChange, onSubmit, onCancel }: AddressFormProps) {
  const t = useScreenT(accountStrings);
  return (
    <form ref={formRef} className={styles.editForm} onSubmit={onSubmit} noValidate aria-labelledby={`${id}-form-title`} aria-busy={save.state === 'saving'}>
      <h3 id={`${id}-form-title`} className={styles.subTitle}>
        {hasAddress ? t('addresses.edit') : t('addresses.add')}
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
                onValue={(v) => onChange(field, v)}
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
          onChange={onChange}
        />
      </div>
      <SaveStatus save={save} />
      <div className={forms.actions}>
        <button type="submit" className={forms.primary} disabled={save.state === 'saving'}>
          {save.state === 'saving' ? t('common.saving') : t('common.save')}
        </button>
        <button type="button" className={forms.ghost} onClick={onCancel} disabled={save.state === 'saving'}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
