import { useT } from '../i18n/useT.ts';
import { Field, PasswordInput, TextInput } from './Field.tsx';

type PasswordField = 'password' | 'repeatPassword';

interface NewPasswordFieldsProps {
  /** The form's id prefix: the fields are `${id}-password` and `${id}-${repeatSuffix}`. */
  id: string;
  repeatSuffix: string;
  /** The first field's label (sign-up's "Password", the reset page's "New password"). */
  passwordLabel: string;
  values: Readonly<Record<PasswordField, string>>;
  error: (field: PasswordField) => string | undefined;
  change: (field: PasswordField, value: string) => void;
}

/** A new password and its repeat, with sign-up's rules hint, as sign-up and the reset page ask for them. */
export function NewPasswordFields({ id, repeatSuffix, passwordLabel, values, error, change }: NewPasswordFieldsProps) {
  const t = useT();
  return (
    <>
      <Field id={`${id}-password`} label={passwordLabel} required hint={t('field.passwordHint')} error={error('password')}>
        {(control) => (
          <PasswordInput
            control={control}
            name="password"
            autoComplete="new-password"
            maxLength={128}
            value={values.password}
            onValue={(value) => change('password', value)}
            showLabel={t('common.showPassword')}
            hideLabel={t('common.hidePassword')}
          />
        )}
      </Field>
      <Field id={`${id}-${repeatSuffix}`} label={t('field.repeatPassword')} required error={error('repeatPassword')}>
        {(control) => (
          <TextInput
            control={control}
            name="repeatPassword"
            type="password"
            autoComplete="new-password"
            maxLength={128}
            value={values.repeatPassword}
            onValue={(value) => change('repeatPassword', value)}
          />
        )}
      </Field>
    </>
  );
}
