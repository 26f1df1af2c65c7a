import type { Ref } from 'react';
import { AuthenticationChallenge } from './AuthenticationChallenge.tsx';
import type { CardPaymentHandle } from './cardPayment.ts';
import { TestCardFields } from './TestCardFields.tsx';
import { TestCardList } from './TestCardList.tsx';
import styles from './TestCardForm.module.css';
import { TestModeBanner } from './TestModeBanner.tsx';
import { useTestCard } from './useTestCard.ts';
import { useTestCardHandle } from './useTestCardHandle.ts';

interface TestCardFormProps {
  readonly ref: Ref<CardPaymentHandle>;
  /** The billing email: the card email follows it until the shopper edits the card email. */
  readonly billingEmail: string;
  readonly disabled: boolean;
  readonly now?: () => Date;
}

/**
 * The offline card form (no Stripe key configured): email, card number, expiry and CVC, checked
 * locally, then confirmed with the local Stripe through the Stripe.js stand-in, whose 3-D Secure
 * test challenge shows here. Unmistakably marked as test mode.
 */
export function TestCardForm({ ref, billingEmail, disabled, now = () => new Date() }: TestCardFormProps) {
  const card = useTestCard(billingEmail, disabled, now);
  const challenge = useTestCardHandle(ref, {
    form: card.form,
    email: card.email,
    now,
    setAttempted: card.setAttempted,
    setErrors: card.setErrors,
    inputs: card.inputs,
  });

  return (
    <div className={styles.card}>
      <TestModeBanner />
      <TestCardFields form={card.form} errors={card.errors} fieldProps={card.fieldProps} update={card.update} />
      <TestCardList disabled={disabled} onUse={card.fillCard} />
      {challenge && <AuthenticationChallenge amount={challenge.amount} onAnswer={challenge.answer} />}
    </div>
  );
}
