import { useScreenT } from '../i18n/useT.ts';
import { signUpStrings } from '../i18n/signUpStrings.ts';
import { FieldError } from '../ui/Field.tsx';
import forms from '../ui/forms.module.css';
import type { SignUpSectionProps } from './SignUpFields.tsx';
import styles from './SignUpPage.module.css';

/** The form's last section: the newsletter choice and the privacy agreement the spec requires. */
export function FinishSection({ id, values, error, change, privacyRefused }: SignUpSectionProps & { privacyRefused: boolean }) {
  const t = useScreenT(signUpStrings);
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>{t('signup.finish')}</legend>
      <fieldset className={forms.fieldset}>
        <legend className={forms.legend}>{t('signup.subscribe')}</legend>
        <div className={forms.radios}>
          <label className={forms.choice}>
            <input type="radio" name="newsletter" value="yes" checked={values.newsletter} onChange={() => change('newsletter', true)} />
            {t('common.yes')}
          </label>
          <label className={forms.choice}>
            <input type="radio" name="newsletter" value="no" checked={!values.newsletter} onChange={() => change('newsletter', false)} />
            {t('common.no')}
          </label>
        </div>
      </fieldset>
      <div className={styles.privacy}>
        <label className={forms.choice}>
          <input
            type="checkbox"
            name="agreePrivacy"
            checked={values.agreePrivacy}
            onChange={(e) => change('agreePrivacy', e.target.checked)}
            aria-invalid={privacyRefused}
            aria-describedby={privacyRefused ? `${id}-agreePrivacy-error` : undefined}
            aria-required
          />
          <span>
            {t('signup.privacy')}
            <span className={forms.required} aria-hidden="true">
              *
            </span>
          </span>
        </label>
        {privacyRefused && <FieldError id={`${id}-agreePrivacy-error`} message={error('agreePrivacy') ?? ''} />}
      </div>
    </fieldset>
  );
}
