// PaymentIntents, PaymentMethods and refunds as Stripe's API moves them from state to state, kept in
// memory. Every change that Stripe reports as an event is handed to `emit`.
import { randomBytes } from 'node:crypto';
import { AUTHENTICATION_FAILURE, cardByNumber, cardByPaymentMethod, type TestCard } from './cards.ts';
import { newId } from './webhooks.ts';

export type IntentStatus =
  'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'canceled' | 'succeeded';

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string; exp_month: number; exp_year: number; country: string };
  created: number;
  livemode: false;
  metadata: Record<string, string>;
}

export interface PaymentError {
  type: 'card_error' | 'invalid_request_error';
  code: string;
  decline_code?: string;
  message: string;
  payment_method?: PaymentMethod;
}

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  status: IntentStatus;
  client_secret: string;
  capture_method: 'automatic' | 'manual';
  confirmation_method: 'automatic';
  created: number;
  canceled_at: number | null;
  cancellation_reason: string | null;
  description: string | null;
  receipt_email: string | null;
  metadata: Record<string, string>;
  payment_method: string | null;
  payment_method_types: string[];
  last_payment_error: PaymentError | null;
  latest_charge: string | null;
  next_action: null | { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string | null } };
  livemode: false;
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: 'succeeded';
  reason: string | null;
  created: number;
  metadata: Record<string, string>;
}

/** A request Stripe refuses: HTTP status and Stripe's error object. */
export class StripeError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown> & { type: string; message: string };

  constructor(status: number, body: Record<string, unknown> & { type: string; message: string }) {
    super(body.message);
    this.status = status;
    this.body = body;
  }
}

const now = () => Math.floor(Date.now() / 1000);

const missing = (kind: string, id: string, param: string) =>
  new StripeError(404, { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${kind}: '${id}'` });

const invalid = (message: string, param?: string) => new StripeError(400, { type: 'invalid_request_error', ...(param ? { param } : {}), message });

const unexpectedState = (intent: PaymentIntent, action: string) =>
  new StripeError(400, {
    type: 'invalid_request_error',
    code: 'payment_intent_unexpected_state',
    message: `You cannot ${action} this PaymentIntent because it has a status of ${intent.status}.`,
    payment_intent: intent,
  });

type Params = Record<string, unknown>;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function metadataOf(value: unknown, current: Record<string, string> = {}): Record<string, string> {
  if (value === '') return {};
  if (value === undefined) return current;
  if (typeof value !== 'object' || value === null) throw invalid('Invalid metadata: must be a hash', 'metadata');
  const next = { ...current };
  for (const [key, entry] of Object.entries(value)) {
    // Stripe unsets a key given an empty value.
    if (entry === '') delete next[key];
    else next[key] = String(entry);
  }
  return next;
}

function amountOf(value: unknown): number {
  const amount = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(amount)) throw invalid('Invalid integer: amount', 'amount');
  if (amount < 50)
    throw new StripeError(400, { type: 'invalid_request_error', code: 'amount_too_small', param: 'amount', message: 'Amount must be at least $0.50 usd' });
  return amount;
}

export interface Emit {
  (type: string, object: unknown): void;
}

export class PaymentStore {
  private readonly intents = new Map<string, PaymentIntent>();
  private readonly methods = new Map<string, PaymentMethod>();
  private readonly cards = new Map<string, TestCard>();
  private readonly refunds = new Map<string, Refund>();

  private readonly emit: Emit;
  /** Where the shopper answers a 3-D Secure challenge: base URL of this server. */
  private readonly challengeBase: () => string;

  constructor(emit: Emit, challengeBase: () => string) {
    this.emit = emit;
    this.challengeBase = challengeBase;
  }

  createPaymentMethod(params: Params): PaymentMethod {
    if (params.type !== 'card') throw invalid('Only card payment methods are supported here', 'type');
    const card = (params.card ?? {}) as Params;
    const number = text(card.number) ?? '';
    const test = cardByNumber(number);
    if (!test) {
      throw new StripeError(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'test_mode_live_card',
        param: 'card[number]',
        message:
          'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
      });
    }
    const expMonth = Number(card.exp_month);
    const expYear = Number(card.exp_year);
    if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12)
      throw new StripeError(402, {
        type: 'card_error',
        code: 'invalid_expiry_month',
        param: 'card[exp_month]',
        message: "Your card's expiration month is invalid.",
      });
    if (!Number.isInteger(expYear) || expYear < new Date().getUTCFullYear())
      throw new StripeError(402, {
        type: 'card_error',
        code: 'invalid_expiry_year',
        param: 'card[exp_year]',
        message: "Your card's expiration year is invalid.",
      });
    const method = this.method(newId('pm'), test, expMonth, expYear, metadataOf(params.metadata));
    return method;
  }

  retrievePaymentMethod(id: string): PaymentMethod {
    return this.resolveMethod(id).method;
  }

  createIntent(params: Params): PaymentIntent {
    const currency = text(params.currency)?.toLowerCase();
    if (!currency || !/^[a-z]{3}$/.test(currency)) throw invalid('Missing required param: currency.', 'currency');
    const id = newId('pi');
    const intent: PaymentIntent = {
      id,
      object: 'payment_intent',
      amount: amountOf(params.amount),
      amount_capturable: 0,
      amount_received: 0,
      currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      capture_method: params.capture_method === 'manual' ? 'manual' : 'automatic',
      confirmation_method: 'automatic',
      created: now(),
      canceled_at: null,
      cancellation_reason: null,
      description: text(params.description) ?? null,
      receipt_email: text(params.receipt_email) ?? null,
      metadata: metadataOf(params.metadata),
      payment_method: null,
      payment_method_types: ['card'],
      last_payment_error: null,
      latest_charge: null,
      next_action: null,
      livemode: false,
    };
    this.intents.set(id, intent);
    this.emit('payment_intent.created', intent);
    if (params.payment_method) this.attach(intent, text(params.payment_method)!);
    if (params.confirm === 'true') return this.confirm(id, params);
    return intent;
  }

  retrieveIntent(id: string, clientSecret?: string): PaymentIntent {
    const intent = this.intents.get(id);
    if (!intent) throw missing('payment_intent', id, 'intent');
    if (clientSecret !== undefined && clientSecret !== intent.client_secret) throw missing('payment_intent', id, 'intent');
    return intent;
  }

  /** Intents, newest first (GET /v1/payment_intents). */
  listIntents(): PaymentIntent[] {
    return [...this.intents.values()].reverse();
  }

  updateIntent(id: string, params: Params): PaymentIntent {
    const intent = this.retrieveIntent(id);
    if (intent.status === 'succeeded' || intent.status === 'canceled' || intent.status === 'processing') throw unexpectedState(intent, 'update');
    if (params.amount !== undefined) intent.amount = amountOf(params.amount);
    if (params.currency !== undefined) intent.currency = String(params.currency).toLowerCase();
    if (params.description !== undefined) intent.description = text(params.description) || null;
    if (params.receipt_email !== undefined) intent.receipt_email = text(params.receipt_email) || null;
    intent.metadata = metadataOf(params.metadata, intent.metadata);
    if (params.payment_method) this.attach(intent, text(params.payment_method)!);
    return intent;
  }

  confirm(id: string, params: Params, clientSecret?: string): PaymentIntent {
    const intent = this.retrieveIntent(id, clientSecret);
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) throw unexpectedState(intent, 'confirm');
    if (params.payment_method) this.attach(intent, text(params.payment_method)!);
    if (!intent.payment_method) {
      throw new StripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message:
          "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with a payment method, pass `payment_method`.",
        payment_intent: intent,
      });
    }
    const { card } = this.resolveMethod(intent.payment_method);
    intent.last_payment_error = null;
    switch (card.outcome.kind) {
      case 'succeeds':
        this.settle(intent);
        return intent;
      case 'authenticates': {
        intent.status = 'requires_action';
        const returnUrl = text(params.return_url) ?? null;
        intent.next_action = {
          type: 'redirect_to_url',
          redirect_to_url: {
            url: `${this.challengeBase()}/authenticate/${intent.id}?secret=${encodeURIComponent(intent.client_secret)}`,
            return_url: returnUrl,
          },
        };
        this.emit('payment_intent.requires_action', intent);
        return intent;
      }
      case 'declined': {
        const method = this.methods.get(intent.payment_method);
        const error: PaymentError = {
          type: 'card_error',
          code: card.outcome.code,
          decline_code: card.outcome.declineCode,
          message: card.outcome.message,
          ...(method ? { payment_method: method } : {}),
        };
        intent.status = 'requires_payment_method';
        intent.last_payment_error = error;
        intent.payment_method = null;
        this.emit('payment_intent.payment_failed', intent);
        throw new StripeError(402, { ...error, payment_intent: intent });
      }
    }
  }

  /** The shopper's answer to the 3-D Secure challenge. */
  authenticate(id: string, clientSecret: string, answer: 'complete' | 'fail'): PaymentIntent {
    const intent = this.retrieveIntent(id, clientSecret);
    if (intent.status !== 'requires_action') throw unexpectedState(intent, 'authenticate');
    intent.next_action = null;
    if (answer === 'complete') {
      this.settle(intent);
    } else {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'invalid_request_error', ...AUTHENTICATION_FAILURE };
      intent.payment_method = null;
      this.emit('payment_intent.payment_failed', intent);
    }
    return intent;
  }

  capture(id: string, params: Params): PaymentIntent {
    const intent = this.retrieveIntent(id);
    if (intent.status !== 'requires_capture') throw unexpectedState(intent, 'capture');
    const amount = params.amount_to_capture === undefined ? intent.amount_capturable : Number(params.amount_to_capture);
    if (!Number.isSafeInteger(amount) || amount < 1 || amount > intent.amount_capturable)
      throw invalid('The amount to capture must be at most the amount capturable.', 'amount_to_capture');
    intent.amount_received = amount;
    intent.amount_capturable = 0;
    intent.status = 'succeeded';
    this.emit('payment_intent.succeeded', intent);
    return intent;
  }

  cancel(id: string, params: Params): PaymentIntent {
    const intent = this.retrieveIntent(id);
    if (intent.status === 'succeeded' || intent.status === 'canceled' || intent.status === 'processing') throw unexpectedState(intent, 'cancel');
    intent.status = 'canceled';
    intent.canceled_at = now();
    intent.cancellation_reason = text(params.cancellation_reason) ?? null;
    intent.next_action = null;
    intent.amount_capturable = 0;
    this.emit('payment_intent.canceled', intent);
    return intent;
  }

  createRefund(params: Params): Refund {
    const id = text(params.payment_intent);
    if (!id) throw invalid('Missing required param: payment_intent.', 'payment_intent');
    const intent = this.retrieveIntent(id);
    if (intent.status !== 'succeeded' || !intent.latest_charge)
      throw invalid(`This PaymentIntent (${id}) does not have a successful charge to refund.`, 'payment_intent');
    const refunded = [...this.refunds.values()].filter((refund) => refund.payment_intent === id).reduce((sum, refund) => sum + refund.amount, 0);
    const left = intent.amount_received - refunded;
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (left <= 0)
      throw new StripeError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${intent.latest_charge} has already been refunded.`,
      });
    if (!Number.isSafeInteger(amount) || amount < 1 || amount > left) {
      throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, 'amount');
    }
    const refund: Refund = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: id,
      charge: intent.latest_charge,
      status: 'succeeded',
      reason: text(params.reason) ?? null,
      created: now(),
      metadata: metadataOf(params.metadata),
    };
    this.refunds.set(refund.id, refund);
    this.emit('charge.refunded', {
      id: intent.latest_charge,
      object: 'charge',
      amount: intent.amount_received,
      amount_refunded: refunded + amount,
      payment_intent: id,
      refunded: refunded + amount === intent.amount_received,
    });
    this.emit('refund.created', refund);
    return refund;
  }

  retrieveRefund(id: string): Refund {
    const refund = this.refunds.get(id);
    if (!refund) throw missing('refund', id, 'refund');
    return refund;
  }

  private settle(intent: PaymentIntent): void {
    intent.latest_charge = newId('ch');
    intent.next_action = null;
    if (intent.capture_method === 'manual') {
      intent.status = 'requires_capture';
      intent.amount_capturable = intent.amount;
      this.emit('payment_intent.amount_capturable_updated', intent);
      return;
    }
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    this.emit('payment_intent.succeeded', intent);
  }

  private attach(intent: PaymentIntent, methodId: string): void {
    this.resolveMethod(methodId);
    intent.payment_method = methodId;
    if (intent.status === 'requires_payment_method') intent.status = 'requires_confirmation';
  }

  /** A created PaymentMethod, or one of Stripe's ready-made test ids (pm_card_visa, ...). */
  private resolveMethod(id: string): { method: PaymentMethod; card: TestCard } {
    const known = this.methods.get(id);
    if (known) return { method: known, card: this.cards.get(id)! };
    const test = cardByPaymentMethod(id);
    if (!test) throw missing('payment_method', id, 'payment_method');
    return { method: this.method(id, test, 12, new Date().getUTCFullYear() + 3, {}), card: test };
  }

  private method(id: string, card: TestCard, expMonth: number, expYear: number, metadata: Record<string, string>): PaymentMethod {
    const method: PaymentMethod = {
      id,
      object: 'payment_method',
      type: 'card',
      card: { brand: card.brand, last4: card.number.slice(-4), exp_month: expMonth, exp_year: expYear, country: 'US' },
      created: now(),
      livemode: false,
      metadata,
    };
    this.methods.set(id, method);
    this.cards.set(id, card);
    return method;
  }
}
