// Stripe's documented test cards and what each does, as the local Stripe plays them. Numbers and
// outcomes are Stripe's (docs.stripe.com/testing); the messages are the ones Stripe returns.

export type CardOutcome =
  | { kind: 'succeeds' }
  /** 3-D Secure is required: the payment waits for the shopper's answer to the challenge. */
  | { kind: 'authenticates' }
  /** `code` is the error's code: card_declined unless Stripe names the cause there (expired_card, incorrect_cvc). */
  | { kind: 'declined'; code: string; declineCode: string; message: string };

export interface TestCard {
  number: string;
  brand: 'visa' | 'mastercard' | 'amex';
  /** Stripe's ready-made PaymentMethod id for this card, usable instead of the number. */
  paymentMethod: string;
  outcome: CardOutcome;
}

const declined = (declineCode: string, message: string, code = 'card_declined'): CardOutcome => ({ kind: 'declined', code, declineCode, message });

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'visa', paymentMethod: 'pm_card_visa', outcome: { kind: 'succeeds' } },
  { number: '5555555555554444', brand: 'mastercard', paymentMethod: 'pm_card_mastercard', outcome: { kind: 'succeeds' } },
  { number: '4000056655665556', brand: 'visa', paymentMethod: 'pm_card_visa_debit', outcome: { kind: 'succeeds' } },
  { number: '378282246310005', brand: 'amex', paymentMethod: 'pm_card_amex', outcome: { kind: 'succeeds' } },
  { number: '4000002760003184', brand: 'visa', paymentMethod: 'pm_card_authenticationRequired', outcome: { kind: 'authenticates' } },
  { number: '4000002500003155', brand: 'visa', paymentMethod: 'pm_card_authenticationRequiredOnSetup', outcome: { kind: 'authenticates' } },
  { number: '4000000000000002', brand: 'visa', paymentMethod: 'pm_card_chargeDeclined', outcome: declined('generic_decline', 'Your card was declined.') },
  {
    number: '4000000000009995',
    brand: 'visa',
    paymentMethod: 'pm_card_chargeDeclinedInsufficientFunds',
    outcome: declined('insufficient_funds', 'Your card has insufficient funds.'),
  },
  { number: '4000000000009987', brand: 'visa', paymentMethod: 'pm_card_chargeDeclinedLostCard', outcome: declined('lost_card', 'Your card was declined.') },
  {
    number: '4000000000000069',
    brand: 'visa',
    paymentMethod: 'pm_card_chargeDeclinedExpiredCard',
    outcome: declined('expired_card', 'Your card has expired.', 'expired_card'),
  },
  {
    number: '4000000000000127',
    brand: 'visa',
    paymentMethod: 'pm_card_chargeDeclinedIncorrectCvc',
    outcome: declined('incorrect_cvc', "Your card's security code is incorrect.", 'incorrect_cvc'),
  },
];

/** What Stripe says when the shopper fails (or abandons) the 3-D Secure challenge. */
export const AUTHENTICATION_FAILURE = {
  code: 'payment_intent_authentication_failure',
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const;

export function cardByNumber(number: string): TestCard | undefined {
  const digits = number.replace(/[\s-]/g, '');
  return TEST_CARDS.find((card) => card.number === digits);
}

export function cardByPaymentMethod(id: string): TestCard | undefined {
  return TEST_CARDS.find((card) => card.paymentMethod === id);
}
