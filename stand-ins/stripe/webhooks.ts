// Webhook events as Stripe sends them: signed with the endpoint's secret (Stripe-Signature: t=..,v1=..,
// HMAC-SHA256 of "<t>.<raw body>"), and retried with growing delays until the endpoint answers 2xx.
import { createHmac, randomBytes } from 'node:crypto';

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: unknown };
}

export interface WebhookEndpoint {
  url: string;
  secret: string;
}

export interface DeliveryOptions {
  /** Delay before the first retry; each further retry waits twice as long, up to maxDelayMs. */
  firstRetryMs: number;
  maxDelayMs: number;
  /** Attempts before an event is given up on (Stripe keeps trying for three days). */
  maxAttempts: number;
  log?: (line: string) => void;
}

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

/** The Stripe-Signature header for a payload, exactly as Stripe computes it. */
export function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export interface Delivery {
  event: string;
  attempts: number;
  delivered: boolean;
  lastStatus: number | string | null;
}

/** Sends each event to the endpoint on its own schedule, so one failing event never holds back the others. */
export class WebhookSender {
  private readonly deliveries = new Map<string, Delivery>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;
  private readonly endpoint: WebhookEndpoint | null;
  private readonly options: DeliveryOptions;

  constructor(endpoint: WebhookEndpoint | null, options: DeliveryOptions) {
    this.endpoint = endpoint;
    this.options = options;
  }

  send(event: StripeEvent): void {
    if (!this.endpoint || this.stopped) return;
    const delivery: Delivery = { event: event.id, attempts: 0, delivered: false, lastStatus: null };
    this.deliveries.set(event.id, delivery);
    void this.attempt(event, delivery);
  }

  /** Every delivery so far (newest last): for tests and the local Stripe's own status page. */
  list(): Delivery[] {
    return [...this.deliveries.values()];
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private async attempt(event: StripeEvent, delivery: Delivery): Promise<void> {
    const endpoint = this.endpoint!;
    delivery.attempts++;
    const payload = JSON.stringify(event, null, 2);
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signatureHeader(payload, endpoint.secret),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      delivery.lastStatus = response.status;
      if (response.ok) {
        delivery.delivered = true;
        return;
      }
    } catch (error) {
      delivery.lastStatus = (error as { cause?: { code?: string } }).cause?.code ?? 'no answer';
    }
    if (this.stopped || delivery.attempts >= this.options.maxAttempts) {
      this.options.log?.(`webhook ${event.type} ${event.id}: given up after ${delivery.attempts} attempts (last: ${delivery.lastStatus})`);
      return;
    }
    const delay = Math.min(this.options.maxDelayMs, this.options.firstRetryMs * 2 ** (delivery.attempts - 1));
    this.options.log?.(`webhook ${event.type} ${event.id}: attempt ${delivery.attempts} failed (${delivery.lastStatus}); retrying in ${delay} ms`);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(event, delivery);
    }, delay);
    this.timers.add(timer);
  }
}
