import { useScreenT } from '../../i18n/useT.ts';
import { accountStrings } from '../../i18n/accountStrings.ts';
import { Field, TextInput } from '../../ui/Field.tsx';
import type { DetailsField, DetailsValues } from '../profile.ts';
import styles from '../AccountDashboard.module.css';

interface DetailsFieldsProps {
  /** The panel's useId(), so the fields' ids stay the panel's. */
  id: string;
  values: DetailsValues;
  /** The sign-in email, shown read-only. */
  email: string | null;
  fieldError(field: DetailsField): string | undefined;
  onChange(field: DetailsField, value: string): void;
}

/** The details form's fields: first and last name, telephone, and the sign-in email (read-only). */
export function DetailsFields({ id, values, email, fieldError, onChange }: DetailsFieldsProps) {
  const t = useScreenT(accountStrings);
  return (
    <div className={styles.grid}>
      <Field id={`${id}-username`} label={t('field.firstName')} required error={fieldError('username')}>
        {(control) => (
          <TextInput
            control={control}
            name="username"
            autoComplete="given-name"
            maxLength={100}
            value={values.username}
            onValue={(v) => onChange('username', v)}
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
            value={values.lastName}
            onValue={(v) => onChange('lastName', v)}
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
            value={values.telephone}
            onValue={(v) => onChange('telephone', v)}
          />
        )}
      </Field>
      <Field id={`${id}-email`} label={t('field.email')} hint={t('details.emailNote')}>
        {(control) => <TextInput control={control} name="email" type="email" value={email ?? ''} onValue={() => undefined} readOnly />}
      </Field>
    </div>
  );
}
