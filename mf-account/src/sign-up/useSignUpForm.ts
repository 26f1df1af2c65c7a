import { useEffect, useReducer, useRef, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'shared-events';
import { accountSession } from '../auth/instance.ts';
import { toAccountError } from '../firebase/errors.ts';
import { initialSignUpState, signUpReducer, toSignUpInput, type SignUpAction, type SignUpField, type SignUpState } from '../forms/signup.ts';
import { translateFormMessage } from '../i18n/formMessages.ts';
import { useScreenT } from '../i18n/useT.ts';
import { signUpStrings } from '../i18n/signUpStrings.ts';

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

/** Changes one field of the sign-up form. */
export type ChangeSignUpField = (field: SignUpField, value: string | boolean) => void;

/**
 * The sign-up form's behaviour: its state (signUpReducer), submitting to the account session, the
 * focus on the first field to fix after a refusal, and the redirect to /login after a success.
 */
export function useSignUpForm() {
  const t = useScreenT(signUpStrings);
  const navigate = useNavigate();
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

  const change: ChangeSignUpField = (field, value) => step({ type: 'fieldChanged', field, value });
  const error = (field: SignUpField) => translateFormMessage(t, state.errors[field] ?? '') || undefined;

  return { state, formRef, submit, change, error };
}
