// The local Stripe: the part of Stripe's HTTP API the shop uses, on loopback, reached through the
// official `stripe` SDK as real Stripe is (form-encoded requests, Bearer test key, Idempotency-Key),
// with the 3-D Secure test challenge a shopper answers and webhooks signed as Stripe signs them.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import { PaymentStore, StripeError } from './paymentIntents.ts';
import { newId, WebhookSender, type DeliveryOptions, type StripeEvent, type WebhookEndpoint } from './webhooks.ts';

export const API_VERSION = '2025-10-29.clover';

export interface LocalStripeOptions {
  host: string;
  port: number;
  webhook: WebhookEndpoint | null;
  delivery?: Partial<DeliveryOptions>;
  log?: (line: string) => void;
}

export interface LocalStripe {
  url: string;
  events(): StripeEvent[];
  deliveries(): ReturnType<WebhookSender['list']>;
  close(): Promise<void>;
}

type Params = Record<string, unknown>;

interface Remembered {
  fingerprint: string;
  status: number;
  body: string;
}

const json = (response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req'), ...headers });
  response.end(text);
};

const errorBody = (error: StripeError) => ({ error: error.body });

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 1024 * 1024) throw new StripeError(413, { type: 'invalid_request_error', message: 'Request body too large' });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Stripe's test challenge page: the two answers a shopper can give. */
function challengePage(intentId: string, secret: string, amount: string): string {
  const form = (answer: 'complete' | 'fail', label: string) =>
    `<form method="post" action="/authenticate/${escapeHtml(intentId)}"><input type="hidden" name="secret" value="${escapeHtml(secret)}"><input type="hidden" name="answer" value="${answer}"><button type="submit" name="${answer}">${label}</button></form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>3D Secure test challenge</title>
<style>body{font:16px system-ui,sans-serif;margin:0;padding:24px;color:#1a1a1a}h1{font-size:20px}p{color:#444}form{display:inline-block;margin:8px 8px 0 0}button{font:inherit;padding:10px 16px;border-radius:6px;border:1px solid #635bff;background:#635bff;color:#fff;cursor:pointer}button[name=fail]{background:#fff;color:#635bff}</style></head>
<body><main><h1>3D Secure 2 test page</h1><p>This is a test payment of ${escapeHtml(amount)}. Your bank would ask you to confirm it here.</p>
${form('complete', 'Complete authentication')}${form('fail', 'Fail authentication')}</main></body></html>`;
}

/** The Stripe REST resources this stand-in knows, routed by method and path. */
function callApi(store: PaymentStore, events: readonly StripeEvent[], method: string, path: string, params: Params): unknown {
  const parts = path.split('/').filter(Boolean);
  const [, resource, id, action] = parts;
  const clientSecret = typeof params.client_secret === 'string' ? params.client_secret : undefined;
  if (resource === 'payment_methods') {
    if (method === 'POST' && !id) return store.createPaymentMethod(params);
    if (method === 'GET' && id && !action) return store.retrievePaymentMethod(id);
  }
  if (resource === 'payment_intents') {
    if (method === 'POST' && !id) return store.createIntent(params);
    if (method === 'GET' && !id)
      return { object: 'list', url: '/v1/payment_intents', has_more: false, data: store.listIntents().slice(0, Number(params.limit ?? 10)) };
    if (method === 'GET' && id && !action) return store.retrieveIntent(id, clientSecret);
    if (method === 'POST' && id && !action) return store.updateIntent(id, params);
    if (method === 'POST' && id && action === 'confirm') return store.confirm(id, params, clientSecret);
    if (method === 'POST' && id && action === 'capture') return store.capture(id, params);
    if (method === 'POST' && id && action === 'cancel') return store.cancel(id, params);
  }
  if (resource === 'refunds') {
    if (method === 'POST' && !id) return store.createRefund(params);
    if (method === 'GET' && id) return store.retrieveRefund(id);
  }
  if (resource === 'events') {
    if (method === 'GET' && id) {
      const event = events.find((candidate) => candidate.id === id);
      if (!event) throw new StripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such event: '${id}'` });
      return event;
    }
    if (method === 'GET') {
      const type = typeof params.type === 'string' ? params.type : undefined;
      const data = events
        .filter((event) => !type || event.type === type)
        .reverse()
        .slice(0, Number(params.limit ?? 10));
      return { object: 'list', url: '/v1/events', has_more: false, data };
    }
  }
  throw new StripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
}

/** The 3-D Secure test page (GET) and the shopper's answer to it (POST, from its form or as JSON). */
function answerChallenge(store: PaymentStore, request: http.IncomingMessage, response: http.ServerResponse, url: URL, body: string): void {
  const intentId = url.pathname.slice('/authenticate/'.length);
  if (request.method === 'GET') {
    const secret = url.searchParams.get('secret') ?? '';
    const intent = store.retrieveIntent(intentId, secret);
    const amount = `${(intent.amount / 100).toFixed(2)} ${intent.currency.toUpperCase()}`;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(challengePage(intentId, secret, amount));
    return;
  }
  // The answer comes from the challenge page's form, or as JSON from the page's Stripe.js stand-in.
  const answer = (request.headers['content-type'] ?? '').includes('json') ? (JSON.parse(body || '{}') as Params) : qs.parse(body);
  const choice = answer.answer === 'complete' ? 'complete' : answer.answer === 'fail' ? 'fail' : null;
  if (!choice) throw new StripeError(400, { type: 'invalid_request_error', message: 'answer must be complete or fail' });
  const intent = store.authenticate(intentId, String(answer.secret ?? ''), choice);
  if (!(request.headers['content-type'] ?? '').includes('json')) {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><title>Done</title><p>${choice === 'complete' ? 'Authentication completed' : 'Authentication failed'}. You may close this window.</p>`,
    );
    return;
  }
  json(response, 200, { id: intent.id, status: intent.status });
}

/** Refuses a call without a test key, and a publishable key's call that Stripe.js would not make. */
function checkKey(request: http.IncomingMessage, url: URL, params: Params): void {
  const authorization = request.headers.authorization ?? '';
  const key = authorization.startsWith('Bearer ') ? authorization.slice(7) : '';
  // Publishable keys may read and confirm an intent with its client secret, as from Stripe.js.
  const publishable = key.startsWith('pk_test_');
  if (!key.startsWith('sk_test_') && !publishable) {
    throw new StripeError(401, {
      type: 'invalid_request_error',
      message: 'Invalid API Key provided: this local Stripe takes test keys only (sk_test_... or pk_test_...)',
    });
  }
  // As on Stripe: what Stripe.js does in a page (create a card PaymentMethod; read and confirm an
  // intent with its client secret), and nothing else.
  const withSecret = typeof params.client_secret === 'string';
  const browserCall =
    (request.method === 'POST' && url.pathname === '/v1/payment_methods') ||
    (request.method === 'GET' && /^\/v1\/payment_intents\/[^/]+$/.test(url.pathname) && withSecret) ||
    (request.method === 'POST' && /^\/v1\/payment_intents\/[^/]+\/confirm$/.test(url.pathname) && withSecret);
  if (publishable && !browserCall) {
    throw new StripeError(401, { type: 'invalid_request_error', message: 'This API call cannot be made with a publishable API key.' });
  }
}

export async function startLocalStripe(options: LocalStripeOptions): Promise<LocalStripe> {
  const log = options.log ?? (() => undefined);
  const events: StripeEvent[] = [];
  const sender = new WebhookSender(options.webhook, { firstRetryMs: 1000, maxDelayMs: 60_000, maxAttempts: 50, log, ...options.delivery });
  let base = '';
  let current: { id: string; idempotencyKey: string | null } = { id: '', idempotencyKey: null };
  const store = new PaymentStore(
    (type, object) => {
      const event: StripeEvent = {
        id: newId('evt'),
        object: 'event',
        api_version: API_VERSION,
        created: Math.floor(Date.now() / 1000),
        type,
        livemode: false,
        pending_webhooks: options.webhook ? 1 : 0,
        request: { id: current.id || null, idempotency_key: current.idempotencyKey },
        // A snapshot: the object as it was when the event happened, not as it is when delivered.
        data: { object: structuredClone(object) },
      };
      events.push(event);
      sender.send(event);
    },
    () => base,
  );
  const remembered = new Map<string, Remembered>();

  const handle = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    try {
      const url = new URL(request.url ?? '/', 'http://local');
      const body = request.method === 'GET' ? '' : await readBody(request);
      if (url.pathname.startsWith('/authenticate/')) return answerChallenge(store, request, response, url, body);
      if (!url.pathname.startsWith('/v1/'))
        throw new StripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${url.pathname}).` });
      const params = { ...(qs.parse(url.search.slice(1)) as Params), ...(qs.parse(body) as Params) };
      checkKey(request, url, params);
      const idempotencyKey = request.method === 'POST' ? ((request.headers['idempotency-key'] as string | undefined) ?? null) : null;
      const fingerprint = createHash('sha256').update(`${request.method} ${url.pathname} ${body}`).digest('hex');
      if (idempotencyKey) {
        const seen = remembered.get(idempotencyKey);
        if (seen && seen.fingerprint !== fingerprint) {
          throw new StripeError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          });
        }
        if (seen) return json(response, seen.status, seen.body, { 'idempotent-replayed': 'true', 'original-request': newId('req') });
      }
      current = { id: newId('req'), idempotencyKey };
      let status = 200;
      let answer: string;
      try {
        answer = JSON.stringify(callApi(store, events, request.method ?? 'GET', url.pathname, params));
      } catch (error) {
        if (!(error instanceof StripeError)) throw error;
        status = error.status;
        answer = JSON.stringify(errorBody(error));
      } finally {
        current = { id: '', idempotencyKey: null };
      }
      if (idempotencyKey) remembered.set(idempotencyKey, { fingerprint, status, body: answer });
      json(response, status, answer);
    } catch (error) {
      if (error instanceof StripeError) return json(response, error.status, errorBody(error));
      log(`local Stripe: ${(error as Error).stack ?? String(error)}`);
      json(response, 500, { error: { type: 'api_error', message: 'The local Stripe failed on this request' } });
    }
  };
  // handle answers every failure itself (a 4xx or a 500), so nothing is left to wait for.
  const server = http.createServer((request, response) => void handle(request, response));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  base = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;
  return {
    url: base,
    events: () => [...events],
    deliveries: () => sender.list(),
    async close() {
      sender.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
