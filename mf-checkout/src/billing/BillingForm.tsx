import { useMemo } from 'react';
import { countryOptions, type Language } from 'shared-events';
import { fieldMessage, useT } from '../i18n/useT.ts';
import type { MessageKey } from '../i18n/messages.en.ts';
import { Field } from '../ui/Field.tsx';
import { MAX_LENGTH, REQUIRED_FIELDS, type Billing, type BillingErrors, type BillingField } from './billing.ts';
import styles from './BillingForm.module.css';

export const billingInputId = (field: BillingField) => `billing-${field}`;

interface BillingFormProps {
  readonly billing: Billing;
  readonly errors: BillingErrors;
  readonly language: Language;
  readonly disabled: boolean;
  readonly onChange: (field: BillingField, value: string) => void;
  readonly onBlur: (field: BillingField) => void;
}

type Control = 'input' | 'select' | 'textarea';

interface FieldSpec {
  readonly field: BillingField;
  readonly label: MessageKey;
  readonly control?: Control;
  readonly type?: 'text' | 'email' | 'tel';
  readonly autoComplete: string;
  readonly placeholder?: MessageKey;
  readonly hideLabel?: boolean;
  /** Half width on wide screens (paired with its neighbour). */
  readonly half?: boolean;
  /** Sits close under the field before it (the second address line). */
  readonly tight?: boolean;
}

const specs: readonly FieldSpec[] = [
  { field: 'firstName', label: 'billing.firstName', autoComplete: 'given-name', half: true },
  { field: 'lastName', label: 'billing.lastName', autoComplete: 'family-name', half: true },
  { field: 'company', label: 'billing.company', autoComplete: 'organization' },
  { field: 'country', label: 'billing.country', control: 'select', autoComplete: 'country-name' },
  { field: 'street', label: 'billing.street', autoComplete: 'address-line1', placeholder: 'billing.streetPlaceholder' },
  {
    field: 'street2',
    label: 'billing.street2',
    autoComplete: 'address-line2',
    placeholder: 'billing.street2Placeholder',
    hideLabel: true,
    tight: true,
  },
  { field: 'city', label: 'billing.city', autoComplete: 'address-level2', half: true },
  { field: 'county', label: 'billing.county', autoComplete: 'address-level1', half: true },
  { field: 'postCode', label: 'billing.postCode', autoComplete: 'postal-code', half: true },
  { field: 'phone', label: 'billing.phone', type: 'tel', autoComplete: 'tel', half: true },
  { field: 'email', label: 'billing.email', type: 'email', autoComplete: 'email' },
  { field: 'notes', label: 'billing.notes', control: 'textarea', autoComplete: 'off', placeholder: 'billing.notesPlaceholder' },
];

/** The spec's "Billing details" fields: labelled, required ones marked *, messages under each. */
export function BillingForm({ billing, errors, language, disabled, onChange, onBlur }: BillingFormProps) {
  const t = useT();
  const countries = useMemo(() => countryOptions(language), [language]);
  // A stored country the list does not know (typed elsewhere) stays selectable rather than lost.
  const unknownCountry = billing.country && !countries.some((option) => option.value === billing.country) ? billing.country : undefined;

  return (
    <div className={styles.grid}>
      {specs.map((spec) => {
        const { field } = spec;
        const id = billingInputId(field);
        const required = REQUIRED_FIELDS.has(field);
        const common = {
          name: field,
          value: billing[field],
          disabled,
          autoComplete: spec.autoComplete,
          onBlur: () => onBlur(field),
        };
        return (
          <Field
            key={field}
            id={id}
            label={t(spec.label)}
            hideLabel={spec.hideLabel}
            required={required}
            optionalText={spec.hideLabel ? undefined : t('form.optional')}
            requiredText={t('form.required')}
            error={fieldMessage(t, errors[field])}
            className={[spec.half ? styles.half : styles.full, spec.tight ? styles.tight : ''].join(' ')}
          >
            {(control) => {
              if (spec.control === 'select') {
                return (
                  <select {...control} {...common} onChange={(event) => onChange(field, event.target.value)}>
                    <option value="">{t('billing.countryPlaceholder')}</option>
                    {unknownCountry && <option value={unknownCountry}>{unknownCountry}</option>}
                    {countries.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                );
              }
              if (spec.control === 'textarea') {
                return (
                  <textarea
                    {...control}
                    {...common}
                    rows={4}
                    maxLength={MAX_LENGTH[field]}
                    placeholder={spec.placeholder && t(spec.placeholder)}
                    onChange={(event) => onChange(field, event.target.value)}
                  />
                );
              }
              return (
                <input
                  {...control}
                  {...common}
                  type={spec.type ?? 'text'}
                  inputMode={spec.type === 'tel' ? 'tel' : spec.type === 'email' ? 'email' : undefined}
                  maxLength={MAX_LENGTH[field]}
                  placeholder={spec.placeholder && t(spec.placeholder)}
                  spellCheck={spec.type === 'email' ? false : undefined}
                  onChange={(event) => onChange(field, event.target.value)}
                />
              );
            }}
          </Field>
        );
      })}
    </div>
  );
}
