import { useEffect, useId, useReducer, useRef, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { bus, toast } from 'shared-events';
import { accountSession } from '../auth/instance.ts';
import { usePageAuth, warmUpOnInteraction } from '../auth/usePageAuth.ts';
import { toAccountError } from '../firebase/errors.ts';
import { initialSignUpState, signUpReducer, toSignUpInput, type SignUpAction, type SignUpField, type SignUpState } from '../forms/signup.ts';
import { translateFormMessage } from '../i18n/formMessages.ts';
import { useT, type MessageKey } from '../i18n/useT.ts';
import { ConnectionNotice } from '../ui/ConnectionNotice.tsx';
import { CountryRegionFields } from '../ui/CountryRegionFields.tsx';
import { Field, FieldError, PasswordInput, TextInput } from '../ui/Field.tsx';
import { AlertIcon, CheckIcon } from '../ui/icons.tsx';
import forms from '../ui/forms.module.css';
import styles from './SignUpPage.module.css';

/** The toast closes and the shopper goes to /login after 2.5 s. */
export const REDIRECT_AFTER_SIGN_UP_MS = 2500;

/** Form order: the first invalid field in this order gets the focus. */
const FIELD_ORDER: SignUpField[] = [
  'firstName',
  'lastName',
  'email',
  'telephone',
  'address1',
  'address2',
  'city',
  'postCode',
  'country',
  'region',
  'password',
  'repeatPassword',
  'newsletter',
  'agreePrivacy',
];

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

/**
 * /sign-up (exposed as ./SignUpPage): every field of the spec. signUpReducer (src/forms/signup.ts)
 * validates and holds the state; on success: toast "Congratulations, SignUp Done!", the form is
 * cleared, and the shopper goes to /login after 2.5 s.
 */
export default function SignUpPage() {
  const t = useT();
  const id = useId();
  const navigate = useNavigate();
  const session = usePageAuth();
  const [state, dispatch] = useReducer(signUpReducer, initialSignUpState);
  const current = useRef<SignUpState>(state);
  current.current = state;
  const formRef = useRef<HTMLFormElement>(null);
  const [attempt, bumpAttempt] = useReducer((n: number) => n + 1, 0);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const step = (action: SignUpAction): SignUpState => {
    const next = signUpReducer(current.current, action);
    current.current = next;
    dispatch(action);
    return next;
  };

  // After a refused submission, take the shopper to the first field that needs attention.
  useEffect(() => {
    if (attempt === 0) return;
    const first = FIELD_ORDER.find((field) => current.current.errors[field]);
    if (!first) return;
    const target = formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`);
    target?.focus();
  }, [attempt]);

  // Success: the spec's redirect, 2.5 s later (cancelled if the shopper leaves first).
  useEffect(() => {
    if (!state.succeeded) return;
    const timer = setTimeout(() => {
      navigate('/login');
    }, REDIRECT_AFTER_SIGN_UP_MS);
    return () => clearTimeout(timer);
  }, [state.succeeded, navigate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = step({ type: 'submitted' });
    if (!next.pending) {
      bumpAttempt();
      return;
    }
    accountSession.signUp(toSignUpInput(next.values)).then(
      () => {
        toast.show(t('signup.success'), { kind: 'success', durationMs: REDIRECT_AFTER_SIGN_UP_MS });
        if (mounted.current) step({ type: 'succeeded' });
      },
      (error: unknown) => {
        if (!mounted.current) return;
        step({ type: 'failed', kind: toAccountError(error).kind });
        bumpAttempt();
      },
    );
  };

  const change = (field: SignUpField, value: string | boolean) => step({ type: 'fieldChanged', field, value });
  const error = (field: SignUpField) => translateFormMessage(t, state.errors[field] ?? '') || undefined;
  const values = state.values;
  const hasFieldErrors = Object.values(state.errors).some(Boolean);
  const fid = (field: string) => `${id}-${field}`;

  const textField = (field: TextField) => {
    const spec = TEXT_FIELDS[field];
    return (
      <Field key={field} id={fid(field)} label={t(spec.label)} required={spec.required ?? false} optionalText={t('common.optional')} error={error(field)}>
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
  };

  const signedInAs = session.confirmed && session.user ? session.user.displayName || session.user.email : null;

  return (
    <div className={styles.page} data-remote="account" data-bus-id={bus.instanceId} {...warmUpOnInteraction}>
      <header className={styles.head}>
        <h1 id={`${id}-title`} className={styles.title}>
          {t('signup.title')}
        </h1>
        <p className={styles.lead}>{t('signup.lead')}</p>
        <p className={styles.already}>
          {t('signup.haveAccount')} <Link to="/login">{t('signup.loginLink')}</Link>
        </p>
      </header>

      <div className={styles.layout}>
        <form ref={formRef} className={styles.form} onSubmit={submit} noValidate aria-busy={state.pending} aria-labelledby={`${id}-title`}>
          <ConnectionNotice />
          {signedInAs && !state.succeeded && (
            <p className={forms.info}>
              <AlertIcon />
              <span>{t('signup.signedInAs', { name: signedInAs })}</span>
            </p>
          )}
          {state.succeeded && (
            <p className={forms.success} role="status">
              <CheckIcon />
              <span>{t('signup.redirecting')}</span>
            </p>
          )}
          {state.formError && (
            <p className={forms.alert} role="alert" data-testid="signup-error">
              <AlertIcon />
              <span>{translateFormMessage(t, state.formError)}</span>
            </p>
          )}
          {hasFieldErrors && !state.formError && (
            <p className={forms.alert} role="alert">
              <AlertIcon />
              <span>{t('signup.fixErrors')}</span>
            </p>
          )}
          <p className={forms.hint}>{t('common.requiredNote')}</p>

          <fieldset className={styles.section}>
            <legend className={styles.legend}>{t('signup.personal')}</legend>
            <div className={styles.grid}>
              {textField('firstName')}
              {textField('lastName')}
              {textField('email')}
              {textField('telephone')}
            </div>
          </fieldset>

          <fieldset className={styles.section}>
            <legend className={styles.legend}>{t('signup.address')}</legend>
            <div className={styles.grid}>
              {textField('address1')}
              {textField('address2')}
              {textField('city')}
              {textField('postCode')}
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

          <fieldset className={styles.section}>
            <legend className={styles.legend}>{t('signup.passwordSection')}</legend>
            <div className={styles.grid}>
              <Field id={fid('password')} label={t('field.password')} required hint={t('signup.passwordHint')} error={error('password')}>
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
              <Field id={fid('repeatPassword')} label={t('field.repeatPassword')} required error={error('repeatPassword')}>
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
            </div>
          </fieldset>

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
                  aria-invalid={Boolean(state.errors.agreePrivacy)}
                  aria-describedby={state.errors.agreePrivacy ? fid('agreePrivacy-error') : undefined}
                  aria-required
                />
                <span>
                  {t('signup.privacy')}
                  <span className={forms.required} aria-hidden="true">
                    *
                  </span>
                </span>
              </label>
              {state.errors.agreePrivacy && <FieldError id={fid('agreePrivacy-error')} message={error('agreePrivacy') ?? ''} />}
            </div>
          </fieldset>

          <div className={styles.submitRow}>
            <button type="submit" className={forms.primary} disabled={state.pending || state.succeeded}>
              {state.pending ? t('signup.submitting') : t('signup.submit')}
            </button>
          </div>
        </form>
        <aside className={styles.aside} aria-labelledby={`${id}-why`}>
          <h2 id={`${id}-why`} className={styles.asideTitle}>
            {t('signup.why')}
          </h2>
          <ul className={styles.benefits}>
            {(['login.benefitCheckout', 'login.benefitOrders', 'login.benefitNews'] as const).map((key) => (
              <li key={key}>
                <span className={styles.tick}>
                  <CheckIcon size={16} />
                </span>
                {t(key)}
              </li>
            ))}
          </ul>
          <p className={styles.asideLogin}>{t('signup.haveAccount')}</p>
          <Link to="/login" className={forms.secondary}>
            {t('signup.loginButton')}
          </Link>
        </aside>
      </div>
    </div>
  );
}
