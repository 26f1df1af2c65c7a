import { useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { formatPrice } from 'shared-events';
import { fieldMessage, useT } from '../i18n/useT.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { Field } from '../ui/Field.tsx';
import { AuthenticationChallenge } from './AuthenticationChallenge.tsx';
import {
  CARD_FIELDS,
  cardBrand,
  cardDetails,
  cvcLength,
  digitsOf,
  formatCardNumber,
  formatExpiry,
  validateCard,
  validateCardField,
  type CardErrors,
  type CardField,
  type CardForm,
} from './card.ts';
import type { CardPaymentHandle } from './cardPayment.ts';
import { createLocalStripe } from './localStripeJs.ts';
import styles from './TestCardForm.module.css';

/** Where the gateway forwards to the local Stripe (offline default only). */
const LOCAL_STRIPE_BASE = '/local-stripe';

interface TestCardFormProps {
  readonly ref: Ref<CardPaymentHandle>;
  /** The billing email: the card email follows it until the shopper edits the card email. */
  readonly billingEmail: string;
  readonly disabled: boolean;
  readonly now?: () => Date;
}

const testCards: readonly { number: string; outcome: MessageKey }[] = [
  { number: '4242 4242 4242 4242', outcome: 'testCard.outcome.success' },
  { number: '5555 5555 5555 4444', outcome: 'testCard.outcome.mastercard' },
  { number: '4000 0566 5566 5556', outcome: 'testCard.outcome.debit' },
  { number: '4000 0000 0000 0002', outcome: 'testCard.outcome.declined' },
  { number: '4000 0000 0000 9995', outcome: 'testCard.outcome.insufficient' },
  { number: '4000 0000 0000 0069', outcome: 'testCard.outcome.expired' },
  { number: '4000 0000 0000 0127', outcome: 'testCard.outcome.cvc' },
  { number: '4000 0027 6000 3184', outcome: 'testCard.outcome.authentication' },
];

const inputId = (field: CardField) => `card-${field}`;

/**
 * The offline card form (no Stripe key configured): email, card number, expiry and CVC, checked
 * locally, then confirmed with the local Stripe through the Stripe.js stand-in, whose 3-D Secure
 * test challenge shows here. Unmistakably marked as test mode.
 */
export function TestCardForm({ ref, billingEmail, disabled, now = () => new Date() }: TestCardFormProps) {
  const t = useT();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [ownEmail, setOwnEmail] = useState<string | null>(null);
  const [errors, setErrors] = useState<CardErrors>({});
  const [dirty, setDirty] = useState<ReadonlySet<CardField>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [challenge, setChallenge] = useState<{ amount: string; answer: (answer: 'complete' | 'fail') => void } | null>(null);
  const inputs = useRef<Partial<Record<CardField, HTMLInputElement | null>>>({});

  const email = ownEmail ?? billingEmail;
  const form: CardForm = useMemo(() => ({ email, number, expiry, cvc }), [email, number, expiry, cvc]);
  const brand = cardBrand(digitsOf(number));

  useImperativeHandle(
    ref,
    () => ({
      validate() {
        setAttempted(true);
        const found = validateCard(form, now());
        setErrors(found);
        return Object.keys(found).length === 0;
      },
      focusFirstInvalid() {
        const found = validateCard(form, now());
        const first = CARD_FIELDS.find((field) => found[field]);
        if (first) inputs.current[first]?.focus();
      },
      email: () => email.trim() || undefined,
      async confirmPayment(clientSecret, _billing, onAuthenticating) {
        const card = cardDetails(form, now());
        if (!card) return { ok: false, message: t('card.error.fixCard') };
        const stripe = createLocalStripe({
          base: LOCAL_STRIPE_BASE,
          authenticate: ({ amountCents }) =>
            new Promise((resolve) => {
              onAuthenticating();
              setChallenge({ amount: formatPrice(amountCents), answer: resolve });
            }),
        });
        try {
          const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
          return result.error ? { ok: false, message: result.error.message } : { ok: true };
        } finally {
          setChallenge(null);
        }
      },
    }),
    // The handle reads the latest form on every render.
    [form, email, now, t],
  );

  const update = (field: CardField, value: string) => {
    const next = { ...form, [field]: value };
    if (field === 'email') setOwnEmail(value);
    if (field === 'number') setNumber(value);
    if (field === 'expiry') setExpiry(value);
    if (field === 'cvc') setCvc(value);
    setDirty((current) => (current.has(field) ? current : new Set(current).add(field)));
    // Once a message shows, it follows the typing, so it disappears as soon as the value is right.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: validateCardField(field, next, now()) }));
  };

  const blur = (field: CardField) => {
    if (!dirty.has(field) && !attempted) return;
    setErrors((current) => ({ ...current, [field]: validateCardField(field, form, now()) }));
  };

  const fieldProps = (field: CardField) => ({
    ref: (element: HTMLInputElement | null) => {
      inputs.current[field] = element;
    },
    disabled,
    onBlur: () => blur(field),
  });

  const fillCard = (value: string) => {
    update('number', formatCardNumber(value));
    setErrors((current) => ({ ...current, number: undefined }));
    inputs.current.expiry?.focus();
  };

  return (
    <div className={styles.card}>
      <div className={styles.banner} role="note" aria-labelledby="test-mode-title">
        <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" className={styles.bannerIcon}>
          <path d="M12 2 1 21h22L12 2z" fill="currentColor" />
          <path d="M12 9v5M12 17v.1" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
        <div>
          <p id="test-mode-title" className={styles.bannerTitle}>
            {t('testMode.banner')}
          </p>
          <p className={styles.bannerText}>{t('testMode.hint')}</p>
        </div>
      </div>

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
            value={email}
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
            value={number}
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
              value={expiry}
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
              value={cvc}
              onChange={(event) => update('cvc', digitsOf(event.target.value))}
            />
          )}
        </Field>
      </div>

      <details className={styles.cards}>
        <summary className={styles.cardsSummary}>{t('testCard.title')}</summary>
        <ul className={styles.cardList}>
          {testCards.map((card) => (
            <li key={card.number} className={styles.cardItem}>
              <button
                type="button"
                className={styles.useCard}
                disabled={disabled}
                onClick={() => fillCard(card.number)}
                aria-label={t('testCard.use', { number: card.number })}
              >
                <span className={styles.cardNumber}>{card.number}</span>
              </button>
              <span className={styles.cardOutcome}>{t(card.outcome)}</span>
            </li>
          ))}
        </ul>
      </details>
      {challenge && <AuthenticationChallenge amount={challenge.amount} onAnswer={challenge.answer} />}
    </div>
  );
}
