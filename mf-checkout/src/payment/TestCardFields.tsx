import { fieldMessage, useT } from '../i18n/useT.ts';
import { Field } from '../ui/Field.tsx';
import { cardBrand, cvcLength, digitsOf, formatCardNumber, formatExpiry, type CardErrors, type CardField, type CardForm } from './card.ts';
import styles from './TestCardForm.module.css';
import type { CardFieldProps } from './useTestCard.ts';

const inputId = (field: CardField) => `card-${field}`;

interface TestCardFieldsProps {
  readonly form: CardForm;
  readonly errors: CardErrors;
  readonly fieldProps: CardFieldProps;
  readonly update: (field: CardField, value: string) => void;
}

/** The test card's inputs: email, card number (with its brand), expiry and CVC, formatted as typed. */
export function TestCardFields({ form, errors, fieldProps, update }: TestCardFieldsProps) {
  const t = useT();
  const brand = cardBrand(digitsOf(form.number));
  return (
    <>
      <Field id={inputId('email')} label={t('card.email')} required requiredText={t('form.required')} error={fieldMessage(t, errors.email)}>
        {(control) => (
          <input
            {...control}
            {...fieldProps('email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            maxLength={254}
            value={form.email}
            onChange={(event) => update('email', event.target.value)}
          />
        )}
      </Field>

      <Field
        id={inputId('number')}
        label={t('card.number')}
        required
        requiredText={t('form.required')}
        error={fieldMessage(t, errors.number)}
        aside={brand !== 'unknown' ? <span className={styles.brand}>{t(`card.brand.${brand}`)}</span> : undefined}
      >
        {(control) => (
          <input
            {...control}
            {...fieldProps('number')}
            type="text"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="4242 4242 4242 4242"
            maxLength={23}
            value={form.number}
            onChange={(event) => update('number', formatCardNumber(event.target.value))}
          />
        )}
      </Field>

      <div className={styles.row}>
        <Field id={inputId('expiry')} label={t('card.expiry')} required requiredText={t('form.required')} error={fieldMessage(t, errors.expiry)}>
          {(control) => (
            <input
              {...control}
              {...fieldProps('expiry')}
              type="text"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder={t('card.expiryPlaceholder')}
              maxLength={7}
              value={form.expiry}
              onChange={(event) => update('expiry', formatExpiry(event.target.value))}
            />
          )}
        </Field>
        <Field id={inputId('cvc')} label={t('card.cvc')} required requiredText={t('form.required')} error={fieldMessage(t, errors.cvc)}>
          {(control) => (
            <input
              {...control}
              {...fieldProps('cvc')}
              type="text"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder={brand === 'amex' ? '1234' : '123'}
              maxLength={cvcLength(brand)}
              value={form.cvc}
              onChange={(event) => update('cvc', digitsOf(event.target.value))}
            />
          )}
        </Field>
      </div>
    </>
  );
}
