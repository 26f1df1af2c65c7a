// The offline stand-in for Stripe.js: `confirmCardPayment` with the calls the page makes on real
// Stripe.js and the same answers ({paymentIntent} or {error}), against the project's local Stripe
// behind the gateway (/local-stripe). Where real Stripe.js opens the bank's 3-D Secure challenge,
// this asks `authenticate`, which shows the local Stripe's test challenge in the page.

export interface CardDetails {
  readonly number: string;
  readonly exp_month: number;
  readonly exp_year: number;
  readonly cvc: string;
}

export interface StripeJsError {
  readonly type: string;
  readonly code?: string;
  readonly decline_code?: string;
  readonly message: string;
}

export type ConfirmResult =
  | { readonly paymentIntent: { readonly id: string; readonly status: string }; readonly error?: undefined }
  | { readonly error: StripeJsError; readonly paymentIntent?: undefined };

export interface ChallengeRequest {
  readonly amountCents: number;
  readonly currency: string;
}

export interface LocalStripeOptions {
  /** Where the gateway forwards to the local Stripe. */
  readonly base: string;
  /** Shown the test challenge; answers whether the shopper completed or failed authentication. */
  readonly authenticate: (challenge: ChallengeRequest) => Promise<'complete' | 'fail'>;
  readonly fetchImpl?: typeof fetch;
}

/** The publishable key of the offline default: the local Stripe takes any test key. */
const PUBLISHABLE_KEY = 'pk_test_local';

interface Intent {
  id: string;
  status: string;
  amount: number;
  currency: string;
  last_payment_error?: StripeJsError | null;
  next_action?: { type: string } | null;
}

const NETWORK_ERROR: StripeJsError = {
  type: 'api_connection_error',
  message: 'We could not reach the payment service. Check your connection and try again.',
};

/** Stripe's form encoding for nested parameters: card[number]=... */
function form(params: Record<string, string | number | Record<string, string | number>>): string {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'object') for (const [inner, part] of Object.entries(value)) body.append(`${key}[${inner}]`, String(part));
    else body.append(key, String(value));
  }
  return body.toString();
}

export function createLocalStripe(options: LocalStripeOptions) {
  const fetchImpl = options.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function call<T>(
    path: string,
    init: { method?: string; body?: string; json?: unknown } = {},
  ): Promise<{ ok: true; value: T } | { ok: false; error: StripeJsError }> {
    let response: Response;
    try {
      response = await fetchImpl(`${options.base}${path}`, {
        method: init.method ?? 'GET',
        headers:
          init.json !== undefined
            ? { 'content-type': 'application/json' }
            : { authorization: `Bearer ${PUBLISHABLE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
        ...(init.body !== undefined ? { body: init.body } : init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
      });
    } catch {
      return { ok: false, error: NETWORK_ERROR };
    }
    const data = (await response.json().catch(() => null)) as ({ error?: StripeJsError } & T) | null;
    if (!data) return { ok: false, error: NETWORK_ERROR };
    if (!response.ok || data.error) return { ok: false, error: data.error ?? NETWORK_ERROR };
    return { ok: true, value: data };
  }

  return {
    async confirmCardPayment(clientSecret: string, data: { payment_method: { card: CardDetails } }): Promise<ConfirmResult> {
      const intentId = clientSecret.split('_secret_')[0] ?? '';
      const method = await call<{ id: string }>('/v1/payment_methods', { method: 'POST', body: form({ type: 'card', card: { ...data.payment_method.card } }) });
      if (!method.ok) return { error: method.error };
      const confirmed = await call<Intent>(`/v1/payment_intents/${intentId}/confirm`, {
        method: 'POST',
        body: form({ payment_method: method.value.id, client_secret: clientSecret }),
      });
      if (!confirmed.ok) return { error: confirmed.error };
      let intent = confirmed.value;
      if (intent.status === 'requires_action') {
        const answer = await options.authenticate({ amountCents: intent.amount, currency: intent.currency });
        const answered = await call<Intent>(`/authenticate/${intentId}`, { method: 'POST', json: { secret: clientSecret, answer } });
        if (!answered.ok) return { error: answered.error };
        const current = await call<Intent>(`/v1/payment_intents/${intentId}?client_secret=${encodeURIComponent(clientSecret)}`);
        if (!current.ok) return { error: current.error };
        intent = current.value;
      }
      if (intent.status === 'succeeded' || intent.status === 'requires_capture') return { paymentIntent: { id: intent.id, status: intent.status } };
      return { error: intent.last_payment_error ?? { type: 'card_error', message: 'The payment was not completed.' } };
    },
  };
}

export type LocalStripe = ReturnType<typeof createLocalStripe>;
