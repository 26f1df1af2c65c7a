// The local Stripe through the official `stripe` SDK, as the checkout service reaches real Stripe:
// Stripe's documented test cards, the PaymentIntent lifecycle, idempotency, refunds, and webhooks
// verified with the SDK's own signature check.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { pollUntil } from '../../tools/kit/processes.ts';
import { startLocalStripe, type LocalStripe } from './server.ts';
import { signatureHeader, type StripeEvent } from './webhooks.ts';

const SECRET = 'whsec_local_test_secret';

function client(url: string, key = 'sk_test_local'): Stripe {
  const { hostname, port } = new URL(url);
  return new Stripe(key, { host: hostname, port: Number(port), protocol: 'http', maxNetworkRetries: 0, telemetry: false });
}

/** A webhook endpoint that verifies each delivery with the SDK, and can refuse the first `refuse` of them. */
async function endpoint(refuse = 0) {
  const received: StripeEvent[] = [];
  let refused = 0;
  const verifier = new Stripe('sk_test_local');
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (refused < refuse) {
        refused++;
        response.writeHead(503).end();
        return;
      }
      const event = verifier.webhooks.constructEvent(Buffer.concat(chunks), String(request.headers['stripe-signature']), SECRET) as unknown as StripeEvent;
      received.push(event);
      response.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const until = (check: () => boolean, what: string) => pollUntil(check, { timeoutMs: 5000, intervalMs: 20, what });

describe('the local Stripe through the official SDK', () => {
  let local: LocalStripe;
  let hook: Awaited<ReturnType<typeof endpoint>>;
  let stripe: Stripe;

  beforeAll(async () => {
    hook = await endpoint();
    local = await startLocalStripe({ host: '127.0.0.1', port: 0, webhook: { url: hook.url, secret: SECRET }, delivery: { firstRetryMs: 20 } });
    stripe = client(local.url);
  });

  afterAll(async () => {
    await local.close();
    await hook.close();
  });

  const intent = (extra: Stripe.PaymentIntentCreateParams['metadata'] = {}) =>
    stripe.paymentIntents.create({ amount: 2599, currency: 'usd', metadata: { order_id: 'order-1', ...extra } });

  it('takes 4242 4242 4242 4242: the intent succeeds and payment_intent.succeeded arrives signed', async () => {
    const created = await intent();
    expect(created).toMatchObject({ status: 'requires_payment_method', amount: 2599, currency: 'usd', metadata: { order_id: 'order-1' } });
    expect(created.client_secret).toMatch(new RegExp(`^${created.id}_secret_`));
    const method = await stripe.paymentMethods.create({ type: 'card', card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' } });
    expect(method.card).toMatchObject({ brand: 'visa', last4: '4242' });
    const confirmed = await stripe.paymentIntents.confirm(created.id, { payment_method: method.id });
    expect(confirmed).toMatchObject({ status: 'succeeded', amount_received: 2599 });
    await until(
      () => hook.received.some((event) => event.type === 'payment_intent.succeeded' && (event.data.object as { id: string }).id === created.id),
      'the succeeded event',
    );
  });

  it('asks for authentication on 4000 0027 6000 3184, then succeeds or fails on the answer', async () => {
    for (const answer of ['complete', 'fail'] as const) {
      const created = await intent();
      const waiting = await stripe.paymentIntents.confirm(created.id, {
        payment_method: 'pm_card_authenticationRequired',
        return_url: 'http://127.0.0.1/return',
      });
      expect(waiting.status).toBe('requires_action');
      expect(waiting.next_action?.type).toBe('redirect_to_url');
      const challenge = waiting.next_action!.redirect_to_url!.url!;
      const page = await (await fetch(challenge)).text();
      expect(page).toContain('Complete authentication');
      expect(page).toContain('Fail authentication');
      const answered = await fetch(`${local.url}/authenticate/${created.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ secret: created.client_secret, answer }),
      });
      expect(await answered.json()).toEqual({ id: created.id, status: answer === 'complete' ? 'succeeded' : 'requires_payment_method' });
      const after = await stripe.paymentIntents.retrieve(created.id);
      if (answer === 'fail') expect(after.last_payment_error?.code).toBe('payment_intent_authentication_failure');
      const expected = answer === 'complete' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed';
      await until(() => hook.received.some((event) => event.type === expected && (event.data.object as { id: string }).id === created.id), expected);
    }
  });

  it.each([
    ['4000 0000 0000 9995', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0002', 'generic_decline', 'Your card was declined.'],
  ])("declines %s (%s) with Stripe's card error, and the intent can be paid with another card", async (number, declineCode, message) => {
    const created = await intent();
    const method = await stripe.paymentMethods.create({ type: 'card', card: { number, exp_month: 1, exp_year: 2040 } });
    const error = await stripe.paymentIntents
      .confirm(created.id, { payment_method: method.id })
      .catch((caught: unknown) => caught as Stripe.errors.StripeCardError);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ code: 'card_declined', decline_code: declineCode, message });
    expect((await stripe.paymentIntents.retrieve(created.id)).status).toBe('requires_payment_method');
    expect((await stripe.paymentIntents.confirm(created.id, { payment_method: 'pm_card_visa' })).status).toBe('succeeded');
  });

  it('refuses a card that is not a Stripe test card', async () => {
    await expect(stripe.paymentMethods.create({ type: 'card', card: { number: '4111 1111 1111 1112', exp_month: 1, exp_year: 2040 } })).rejects.toMatchObject({
      type: 'StripeCardError',
      decline_code: 'test_mode_live_card',
    });
  });

  it('replays an idempotent request and refuses the same key with other parameters', async () => {
    const first = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd' }, { idempotencyKey: 'attempt-1' });
    const again = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd' }, { idempotencyKey: 'attempt-1' });
    expect(again.id).toBe(first.id);
    await expect(stripe.paymentIntents.create({ amount: 2000, currency: 'usd' }, { idempotencyKey: 'attempt-1' })).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
    });
  });

  it('updates, captures, cancels and refunds as Stripe does, and refuses what a status forbids', async () => {
    const manual = await stripe.paymentIntents.create({
      amount: 5000,
      currency: 'eur',
      capture_method: 'manual',
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    expect(manual).toMatchObject({ status: 'requires_capture', amount_capturable: 5000 });
    expect(await stripe.paymentIntents.capture(manual.id)).toMatchObject({ status: 'succeeded', amount_received: 5000 });
    await expect(stripe.paymentIntents.cancel(manual.id)).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' });
    const partial = await stripe.refunds.create({ payment_intent: manual.id, amount: 2000 });
    expect(partial).toMatchObject({ status: 'succeeded', amount: 2000 });
    await expect(stripe.refunds.create({ payment_intent: manual.id, amount: 4000 })).rejects.toMatchObject({ param: 'amount' });
    expect((await stripe.refunds.create({ payment_intent: manual.id })).amount).toBe(3000);

    const open = await intent();
    expect((await stripe.paymentIntents.update(open.id, { amount: 3100, metadata: { note: 'x' } })).amount).toBe(3100);
    expect(await stripe.paymentIntents.cancel(open.id, { cancellation_reason: 'abandoned' })).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'abandoned',
    });
    await until(() => hook.received.some((event) => event.type === 'payment_intent.canceled'), 'the canceled event');
    await expect(stripe.paymentIntents.retrieve('pi_missing')).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'resource_missing' });
  });

  it('lets a publishable key confirm with the client secret, and nothing else', async () => {
    const created = await intent();
    const browser = client(local.url, 'pk_test_local');
    await expect(browser.paymentIntents.retrieve(created.id)).rejects.toMatchObject({ statusCode: 401 });
    const seen = await browser.paymentIntents.retrieve(created.id, { client_secret: created.client_secret! } as Stripe.PaymentIntentRetrieveParams);
    expect(seen.id).toBe(created.id);
    // Not even with the client secret may a page change the amount or cancel.
    await expect(
      browser.paymentIntents.update(created.id, { amount: 60, client_secret: created.client_secret } as Stripe.PaymentIntentUpdateParams),
    ).rejects.toMatchObject({ statusCode: 401 });
    await expect(browser.paymentIntents.cancel(created.id)).rejects.toMatchObject({ statusCode: 401 });
    expect((await stripe.paymentIntents.retrieve(created.id)).amount).toBe(2599);
    await expect(client(local.url, 'sk_live_nope').paymentIntents.create({ amount: 100, currency: 'usd' })).rejects.toMatchObject({ statusCode: 401 });
  });
});

describe('webhook delivery', () => {
  it('retries with backoff until the endpoint answers 2xx, each event once delivered', async () => {
    const hook = await endpoint(3);
    const local = await startLocalStripe({ host: '127.0.0.1', port: 0, webhook: { url: hook.url, secret: SECRET }, delivery: { firstRetryMs: 20 } });
    try {
      const stripe = client(local.url);
      const paid = await stripe.paymentIntents.create({ amount: 900, currency: 'usd', payment_method: 'pm_card_visa', confirm: true });
      await until(() => local.deliveries().every((delivery) => delivery.delivered), 'every delivery');
      expect(local.deliveries().reduce((sum, delivery) => sum + delivery.attempts, 0)).toBe(local.deliveries().length + 3);
      expect(hook.received.filter((event) => event.type === 'payment_intent.succeeded').map((event) => (event.data.object as { id: string }).id)).toEqual([
        paid.id,
      ]);
      expect((await stripe.events.list({ type: 'payment_intent.succeeded' })).data[0]!.data.object).toMatchObject({ id: paid.id });
    } finally {
      await local.close();
      await hook.close();
    }
  });

  it('signs as Stripe does: the SDK accepts the header and rejects a changed body', () => {
    const verifier = new Stripe('sk_test_local');
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1', amount: 100 } } });
    const header = signatureHeader(payload, SECRET);
    expect(verifier.webhooks.constructEvent(payload, header, SECRET).id).toBe('evt_1');
    expect(() => verifier.webhooks.constructEvent(payload.replace('100', '1'), header, SECRET)).toThrow(/signature/i);
    expect(verifier.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: 1700000000 })).toBe(signatureHeader(payload, SECRET, 1700000000));
  });
});
