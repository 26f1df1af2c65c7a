import type { SignUpField, SignUpValues } from '../forms/signup.ts';
import { useScreenT, type MessageKey } from '../i18n/useT.ts';
import { signUpStrings } from '../i18n/signUpStrings.ts';
import { CountryRegionFields } from '../ui/CountryRegionFields.tsx';
import { Field, TextInput } from '../ui/Field.tsx';
import { NewPasswordFields } from '../ui/NewPasswordFields.tsx';
import styles from './SignUpPage.module.css';
import type { ChangeSignUpField } from './useSignUpForm.ts';

type TextField = Exclude<SignUpField, 'agreePrivacy' | 'newsletter' | 'country' | 'region' | 'password' | 'repeatPassword'>;

const TEXT_FIELDS: Record<
  TextField,
  { label: MessageKey; required?: boolean; type?: string; autoComplete: string; inputMode?: 'email' | 'tel'; maxLength?: number }
> = {
  firstName: { label: 'field.firstName', required: true, autoComplete: 'given-name', maxLength: 100 },
  lastName: { label: 'field.lastName', autoComplete: 'family-name', maxLength: 100 },
  email: { label: 'field.email', required: true, type: 'email', autoComplete: 'email', inputMode: 'email', maxLength: 254 },
  telephone: { label: 'field.telephone', type: 'tel', autoComplete: 'tel', inputMode: 'tel', maxLength: 40 },
  address1: { label: 'field.address1', autoComplete: 'address-line1', maxLength: 200 },
  address2: { label: 'field.address2', autoComplete: 'address-line2', maxLength: 200 },
  city: { label: 'field.city', autoComplete: 'address-level2', maxLength: 100 },
  postCode: { label: 'field.postCode', autoComplete: 'postal-code', maxLength: 20 },
};

/** What each section of the sign-up form gets from the page. */
export interface SignUpSectionProps {
  /** The page's useId(), so the fields' ids stay the page's. */
  id: string;
  values: SignUpValues;
  /** The field's error in the shopper's language, or undefined. */
  error(field: SignUpField): string | undefined;
  change: ChangeSignUpField;
}

function SignUpTextField({ field, id, values, error, change }: SignUpSectionProps & { field: TextField }) {
  const t = useScreenT(signUpStrings);
  const spec = TEXT_FIELDS[field];
  return (
    <Field id={`${id}-${field}`} label={t(spec.label)} required={spec.required ?? false} optionalText={t('common.optional')} error={error(field)}>
      {(control) => (
        <TextInput
          control={control}
          name={field}
          type={spec.type ?? 'text'}
          autoComplete={spec.autoComplete}
          inputMode={spec.inputMode}
          maxLength={spec.maxLength}
          value={values[field]}
          onValue={(value) => change(field, value)}
        />
      )}
    </Field>
  );
}

/** Name, email and telephone. */
export function PersonalSection(props: SignUpSectionProps) {
  const t = useScreenT(signUpStrings);
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>{t('signup.personal')}</legend>
      <div className={styles.grid}>
        {(['firstName', 'lastName', 'email', 'telephone'] as const).map((field) => (
          <SignUpTextField key={field} field={field} {...props} />
        ))}
      </div>
    </fieldset>
  );
}

/** The address that checkout prefills later. */
export function AddressSection(props: SignUpSectionProps) {
  const t = useScreenT(signUpStrings);
  const { id, values, error, change } = props;
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>{t('signup.address')}</legend>
      <div className={styles.grid}>
        {(['address1', 'address2', 'city', 'postCode'] as const).map((field) => (
          <SignUpTextField key={field} field={field} {...props} />
        ))}
        <CountryRegionFields
          idPrefix={id}
          country={values.country}
          region={values.region}
          countryError={error('country')}
          regionError={error('region')}
          onChange={change}
        />
      </div>
    </fieldset>
  );
}

/** The new password, typed twice. */
export function PasswordSection({ id, values, error, change }: SignUpSectionProps) {
  const t = useScreenT(signUpStrings);
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>{t('signup.passwordSection')}</legend>
      <div className={styles.grid}>
        <NewPasswordFields id={id} repeatSuffix="repeatPassword" passwordLabel={t('field.password')} values={values} error={error} change={change} />
      </div>
    </fieldset>
  );
}
