import { useMemo, useRef, useState } from 'react';
import { formatCardNumber, validateCardField, type CardErrors, type CardField, type CardForm } from './card.ts';

/** What each card input gets besides its value: its place in the focus map, disabled, and the blur check. */
export type CardFieldProps = (field: CardField) => {
  ref: (element: HTMLInputElement | null) => void;
  disabled: boolean;
  onBlur: () => void;
};

/**
 * The test card form's fields: their values (the email follows the billing email until the shopper
 * edits it), their messages (checked on blur once typed in, or once payment was tried), and the
 * inputs themselves, so the first invalid one can take the focus.
 */
export function useTestCard(billingEmail: string, disabled: boolean, now: () => Date) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [ownEmail, setOwnEmail] = useState<string | null>(null);
  const [errors, setErrors] = useState<CardErrors>({});
  const [dirty, setDirty] = useState<ReadonlySet<CardField>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const inputs = useRef<Partial<Record<CardField, HTMLInputElement | null>>>({});

  const email = ownEmail ?? billingEmail;
  const form: CardForm = useMemo(() => ({ email, number, expiry, cvc }), [email, number, expiry, cvc]);

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

  const fieldProps: CardFieldProps = (field) => ({
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

  return { form, email, errors, setErrors, setAttempted, inputs, update, fieldProps, fillCard };
}
