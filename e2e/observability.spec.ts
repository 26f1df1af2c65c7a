import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../service-kit/src/testing/otlpReceiver.ts';
import { payByCard, putOneItemInCart } from './support/checkout.ts';
import { fillSignUp } from './support/shopper.ts';
import { startExtraStack, type ExtraStack } from './support/stack.ts';
import { stackPortsAt } from '../tools/stack/stackPorts.ts';

// Issue #38 points 2 and 3 on a stack of its own (its services' output captured, their traces sent to
// an OTLP receiver in this test): a server-rendered product page is one trace from the gateway through
// its render to the catalogue; a paid order is one trace through the checkout, its database and
// Stripe; and a whole journey (sign up, log in, pay by card) leaves no password, card number, ID
// token or key in any service's log.

test.describe.configure({ mode: 'serial' });
const portBase = Number(process.env.E2E_PORT_BASE ?? 4000) + 600;
const SERVER = 2;
const CLIENT = 3;

let receiver: OtlpReceiver;
let stack: ExtraStack;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  receiver = await startOtlpReceiver();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-observability-'));
  stack = await startExtraStack(portBase, dataDir, {
    LOG_FORMAT: 'json',
    // Every request's lines, so that the scrub is tried on as much as the services can say.
    LOG_LEVEL: 'info',
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: receiver.url,
    OTEL_BSP_SCHEDULE_DELAY: '200',
  });
});

test.afterAll(async () => {
  await stack?.stop('SIGTERM');
  await receiver?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const inTrace = (spans: ReceivedSpan[], traceId: string) => spans.filter((span) => span.traceId === traceId);

test('a server-rendered product page is one trace: the gateway, its render and the catalogue query', async () => {
  // Not a page the gateway warmed up at start (those are in its catalogue cache): this one asks the catalogue.
  const response = await fetch(`${stack.baseURL}/shop/7`);
  expect(response.status).toBe(200);
  expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

  let page: ReceivedSpan | undefined;
  await receiver.waitFor((spans) => {
    page = spans.find((span) => span.service === 'gateway' && span.kind === SERVER && span.name === 'GET /shop/:id');
    if (!page) return false;
    const trace = inTrace(spans, page.traceId);
    return trace.some((span) => span.name === 'server render /shop/:id') && trace.some((span) => span.service === 'catalog' && span.kind === SERVER);
  });
  const trace = inTrace(receiver.spans, page!.traceId);
  const render = trace.find((span) => span.name === 'server render /shop/:id')!;
  const catalogue = trace.find((span) => span.service === 'catalog' && span.kind === SERVER)!;
  expect(page!.parentSpanId).toBe('');
  expect(render.service).toBe('gateway');
  // The catalogue's span is named by its route template and hangs under one of the gateway's.
  expect(catalogue.name).toBe('GET /products/:id');
  expect(trace.some((span) => span.spanId === catalogue.parentSpanId && span.service === 'gateway' && span.kind === CLIENT)).toBe(true);
  // The page's request id went on to the catalogue: its lines for the page's data carry it.
  const requestId = response.headers.get('x-request-id')!;
  const catalogueLines = () =>
    stack
      .output()
      .split('\n')
      .filter((line) => line.startsWith('[catalog] ') && line.includes(`"req_id":"${requestId}"`));
  await expect.poll(() => catalogueLines().length).toBeGreaterThan(0);
  expect(catalogueLines().some((line) => line.includes(`"trace_id":"${page!.traceId}"`))).toBe(true);
  // No span anywhere is named by a raw URL with an id in it.
  expect(receiver.spans.filter((span) => /\/\d+(?:[/?]|$)/.test(span.name)).map((span) => span.name)).toEqual([]);
});

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  const form = page.locator('main [data-remote="account"]');
  await form.getByLabel('Email Address').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/my-account$/);
}

test('a whole journey leaves no secret in any log, and its paid order is one trace through the checkout, its database and Stripe', async ({ browser }) => {
  test.setTimeout(180_000);
  const email = `traced-${Date.now()}@example.com`;
  const password = 'Tr4ced-journey-pw';
  const card = '4242424242424242';
  const tokens = new Set<string>();
  const context = await browser.newContext({ baseURL: stack.baseURL });
  context.on('response', (response) => {
    // The ID tokens the local Auth service hands out (sign-up, log-in, refresh).
    if (/identitytoolkit|securetoken|accounts:/.test(response.url()))
      void response.json().then(
        (body: { idToken?: string; id_token?: string; refreshToken?: string }) => {
          for (const token of [body.idToken, body.id_token, body.refreshToken]) if (token) tokens.add(token);
        },
        () => undefined,
      );
  });
  context.on('request', (request) => {
    const authorization = request.headers().authorization;
    if (authorization?.startsWith('Bearer ')) tokens.add(authorization.slice(7));
  });

  // Sign up (signed in afterwards), then log in again in a fresh page, then pay by card.
  const signUpPage = await context.newPage();
  await signUpPage.goto('/sign-up');
  await fillSignUp(signUpPage, { email, first: 'Tracy', password });
  await signUpPage.locator('main [data-remote="account"]').getByRole('button', { name: 'Create account' }).click();
  await expect(signUpPage).toHaveURL(/\/login$/);
  await context.clearCookies();
  await signUpPage.evaluate(() => indexedDB.databases().then((all) => all.forEach((db) => db.name && indexedDB.deleteDatabase(db.name))));
  await signUpPage.close();

  const page = await context.newPage();
  await logIn(page, email, password);
  await putOneItemInCart(page, context.request);
  await page.goto('/checkout');
  await expect(page.locator('main [data-remote="checkout"]').getByLabel('Email Address')).toHaveValue(email);
  const orderNumber = await payByCard(page, email);
  expect(orderNumber).toBeGreaterThan(0);
  await context.close();

  // The order's trace: the shopper's call through the gateway, the checkout's span, its SQLite
  // statements and its call to (the local) Stripe for the PaymentIntent.
  const stripePort = stackPortsAt(portBase).localStripe;
  let order: ReceivedSpan | undefined;
  await receiver.waitFor((spans) => {
    order = spans.find((span) => span.service === 'checkout' && span.kind === SERVER && span.name === 'POST /api/checkout/payment-intents');
    if (!order) return false;
    const trace = inTrace(spans, order.traceId);
    return trace.some((span) => span.name === 'INSERT orders') && trace.some((span) => span.kind === CLIENT && span.attributes['server.port'] === stripePort);
  });
  const trace = inTrace(receiver.spans, order!.traceId);
  expect(trace.filter((span) => span.service === 'gateway' && span.kind === SERVER).map((span) => span.name)).toEqual(['POST /api/checkout/*']);
  const stripeCall = trace.find((span) => span.kind === CLIENT && span.attributes['server.port'] === stripePort)!;
  expect(stripeCall).toMatchObject({ service: 'checkout', name: 'POST', attributes: { 'server.address': '127.0.0.1' } });
  // Stripe's word that the payment succeeded (its webhook) marks the order paid, in a trace of its own.
  await receiver.waitFor((spans) =>
    spans.some(
      (webhook) => webhook.name === 'POST /api/checkout/stripe/webhook' && inTrace(spans, webhook.traceId).some((span) => span.name === 'UPDATE orders'),
    ),
  );

  // Every line every service printed during the journey: no password, card number, token or key.
  const output = stack.output();
  expect(output).toContain(`"service":"checkout"`);
  expect(tokens.size).toBeGreaterThan(0);
  const secrets = [password, card, '4242 4242 4242 4242', ...tokens, ...[...tokens].map((token) => token.slice(0, 40))];
  for (const secret of secrets) expect(output.includes(secret), `a log line holds ${secret.slice(0, 12)}…`).toBe(false);
  expect(output.match(/\b(?:sk|rk)_(?:test|live)_[A-Za-z0-9]+/g) ?? []).toEqual([]);
  expect(output.match(/\bwhsec_[A-Za-z0-9]{8,}/g) ?? []).toEqual([]);
  expect(output.match(/\bpi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+/g) ?? []).toEqual([]);
});
