import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { fastifyLogging, passRequestId, traceRoutes, type Logger } from 'service-kit';
import { unroutableAddress } from 'service-kit/address-errors';
import { JSON_BODY_LIMIT, refuseOversizedBodies } from 'service-kit/body-limits';
import type { CheckoutConfig } from './config.ts';
import { createCouponBook, type CouponBook } from './coupons/coupons.ts';
import { registerCouponRoutes } from './coupons/routes.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerHealthRoutes } from './http/health.ts';
import { countedOrders } from './metrics/countedOrders.ts';
import { registerHttpMetrics } from 'service-kit/metrics';
import { httpDuration, httpRequests } from './metrics/registry.ts';
import type { MailTransport } from './messages/mailer.ts';
import { createMessaging, type Messaging } from './messages/service.ts';
import { createResetCodes, resetTargetFrom, type ResetCodes } from './passwordReset/resetCodes.ts';
import { registerPasswordResetRoutes } from './passwordReset/routes.ts';
import { perMinute, registerRateLimits } from './http/rateLimits.ts';
import { createCheckout } from './orders/checkout.ts';
import { createIntentCheckout } from './orders/intentCheckout.ts';
import { registerIntentRoutes } from './orders/intentRoutes.ts';
import { createRecovery, type Recovery } from './orders/recovery.ts';
import { registerOrderRoutes } from './orders/routes.ts';
import type { PaymentGateway } from './payments/gateway.ts';
import { createIntentGateway, type IntentGateway } from './payments/intents.ts';
import { createRefundGateway, type RefundGateway } from './payments/refunds.ts';
import { createStripeClient, createStripeGateway } from './payments/stripeGateway.ts';
import { createWebhookVerifier } from './payments/webhooks.ts';
import { createCatalogClient, type CatalogClient } from './pricing/catalogClient.ts';
import { registerSessionRoutes } from './session/routes.ts';
import { createSessions } from './session/sessions.ts';
import { createStaffLifecycle, type StaffLifecycle } from './staff/lifecycle.ts';
import { registerStaffRoutes } from './staff/routes.ts';
import { createCurrentRoles, createIdTokenVerifier, type CurrentRoles, type IdTokenVerifier } from 'service-kit/firebase-auth';
import { openRepository } from './storage/open.ts';
import type { OrderRepository } from './storage/repository.ts';

/** Everything the service talks to; each defaults to the real thing built from the config. */
export interface CheckoutServerDeps {
  /** Left open by close(): whoever passes it in owns it. */
  repository?: OrderRepository;
  catalog?: CatalogClient;
  payments?: PaymentGateway;
  intents?: IntentGateway;
  refunds?: RefundGateway;
  verifier?: IdTokenVerifier;
  /** The role a staff member holds now, asked on every staff change; default: the configured Auth service. */
  currentRoles?: CurrentRoles;
  coupons?: CouponBook;
  /** The process's JSON logger (service-kit); none in tests, which want a quiet service. */
  logger?: Logger;
  now?: () => Date;
  /** How often recovery runs after the one at start-up; 0 = only at start-up and on demand. */
  recoveryIntervalMs?: number;
  duplicateWaitMs?: number;
  /** Shopper messages go through this instead of SMTP_URL's server; null: none (they stay queued). */
  mailTransport?: MailTransport | null;
  /** Where password-reset codes come from; default: the configured Auth service (none: the endpoint answers 503). */
  resetCodes?: ResetCodes | null;
}

export interface CheckoutServer {
  app: FastifyInstance;
  /** Binds config.host:config.port, runs recovery once in the background, answers the base URL. */
  listen(): Promise<string>;
  recovery: Recovery;
  /** The staff's order changes; recovery also finishes the refunds requests left undone. */
  staff: StaffLifecycle;
  /** The outbox's sender (started by listen()). */
  messaging: Messaging;
  /** From now on /readyz answers 503: a load balancer stops sending new requests. */
  beginShutdown(): void;
  /** Stops taking requests, lets a running recovery pass finish, closes the storage it opened. */
  close(): Promise<void>;
}

/** The services the checkout talks to: the injected ones, or the real ones built from the config. */
async function connectOutside(config: CheckoutConfig, deps: CheckoutServerDeps) {
  const repository = countedOrders(deps.repository ?? (await openRepository(config)));
  const catalog = deps.catalog ?? createCatalogClient({ baseUrl: config.catalogUrl, internalToken: config.internalToken });
  const payments = deps.payments ?? createStripeGateway(config.stripe);
  // PaymentIntents: real Stripe with a secret key, otherwise the local Stripe (the Charges mock has none).
  const intentStripe = createStripeClient({ secretKey: config.stripe.secretKey, mockUrl: config.stripe.localUrl });
  const intentGateway = deps.intents ?? createIntentGateway(intentStripe);
  const refunds =
    deps.refunds ??
    createRefundGateway({ intents: intentStripe, charges: createStripeClient({ secretKey: config.stripe.secretKey, mockUrl: config.stripe.mockUrl }) });
  const coupons = deps.coupons ?? createCouponBook();
  const verifier = deps.verifier ?? createIdTokenVerifier(config.firebase);
  return { repository, catalog, payments, intentStripe, intentGateway, refunds, coupons, verifier };
}

type Outside = Awaited<ReturnType<typeof connectOutside>>;

/** The checkout's own work over those services: sessions, the two checkouts, recovery, staff changes, messages. */
function createWorkflows(config: CheckoutConfig, deps: CheckoutServerDeps, outside: Outside, log: FastifyInstance['log'], now: () => Date) {
  const { repository, catalog, payments, intentGateway, refunds, coupons, verifier } = outside;
  const sessions = createSessions({ verifier, now });
  const checkout = createCheckout({
    repository,
    catalog,
    payments,
    coupons,
    log,
    now,
    duplicateWaitMs: deps.duplicateWaitMs ?? 10_000,
  });
  const intents = createIntentCheckout({ repository, catalog, intents: intentGateway, coupons, log, now, duplicateWaitMs: deps.duplicateWaitMs ?? 10_000 });
  const recovery = createRecovery({
    repository,
    catalog,
    payments,
    intents,
    log,
    now,
    olderThanSeconds: config.recoveryAfterSeconds,
    intentTimeoutSeconds: config.stripe.intentTimeoutSeconds,
  });
  const staff = createStaffLifecycle({ repository, refunds, catalog, log, now });
  const messaging = createMessaging({
    config: config.mail,
    outbox: repository.outbox,
    log,
    now,
    ...(deps.mailTransport !== undefined ? { transport: deps.mailTransport } : {}),
  });
  return { sessions, checkout, intents, recovery, staff, messaging };
}

/** The hooks and every route of the service, each with its rate limit. */
async function registerRoutes(
  app: FastifyInstance,
  config: CheckoutConfig,
  deps: CheckoutServerDeps,
  outside: Outside,
  workflows: ReturnType<typeof createWorkflows>,
  clock: { now: () => Date; stopping: () => boolean },
): Promise<void> {
  const { repository, catalog, intentStripe, coupons, verifier } = outside;
  const { sessions, checkout, intents, staff } = workflows;
  const { now, stopping } = clock;
  const log = app.log;
  registerErrorHandling(app);
  refuseOversizedBodies(app);
  passRequestId(app);
  traceRoutes(app);
  registerHttpMetrics(app, { requests: httpRequests, duration: httpDuration });
  await registerRateLimits(app, config.redisUrl);
  // Orders, sessions and totals are personal: never let a browser or proxy cache them.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });
  registerOrderRoutes(app, {
    checkout,
    repository,
    sessions,
    limits: { checkout: perMinute(config.rateLimits.checkoutPerMinute, 'checkout'), orders: perMinute(config.rateLimits.ordersPerMinute, 'orders') },
  });
  registerIntentRoutes(app, {
    intents,
    sessions,
    webhooks: config.stripe.webhookSecret ? createWebhookVerifier(intentStripe, config.stripe.webhookSecret) : null,
    limit: perMinute(config.rateLimits.checkoutPerMinute, 'checkout'),
  });
  const currentRoles = deps.currentRoles ?? createCurrentRoles({ ...config.firebase, credentialsFile: config.auth.credentialsFile });
  registerStaffRoutes(app, { repository, verifier, currentRoles, lifecycle: staff });
  const resetTarget = deps.resetCodes === undefined ? resetTargetFrom(config.auth, config.firebase.projectId) : null;
  registerPasswordResetRoutes(app, {
    codes: deps.resetCodes !== undefined ? deps.resetCodes : resetTarget && createResetCodes(resetTarget),
    outbox: repository.outbox,
    origin: config.mail.publicOrigin,
    log,
    now,
    limit: perMinute(config.rateLimits.passwordResetPerMinute ?? 10, 'password-reset'),
  });
  registerCouponRoutes(app, { coupons, catalog, limit: perMinute(config.rateLimits.couponPerMinute, 'coupon') });
  registerHealthRoutes(app, { repository, stopping });
  registerSessionRoutes(app, {
    sessions,
    now,
    production: config.production,
    limit: perMinute(config.rateLimits.sessionPerMinute, 'session'),
  });
}

/** The checkout service: its dependencies connected, its routes registered, not listening yet. */
export async function createCheckoutServer(config: CheckoutConfig, deps: CheckoutServerDeps = {}): Promise<CheckoutServer> {
  const now = deps.now ?? (() => new Date());
  let stopping = false;
  const app = Fastify({
    ...fastifyLogging(deps.logger),
    // Every body here is a few lines of JSON; the gateway holds them to the same (shell/server/bodyLimits.ts).
    bodyLimit: JSON_BODY_LIMIT,
    // An address the router cannot take is answered before any hook: in the shop's shape, no-store.
    frameworkErrors: unroutableAddress(),
    // The gateway on loopback forwards the shopper's address and scheme (rate limits, Secure cookie).
    trustProxy: ['127.0.0.1', '::1'],
  });
  const outside = await connectOutside(config, deps);
  const { repository } = outside;
  if (!config.sessionSecret) {
    app.log.warn('SESSION_SECRET is not set: using a random one, so sessions end when this process stops');
  }
  await app.register(fastifyCookie, { secret: config.sessionSecret ?? randomBytes(32).toString('hex') });
  const log = app.log;
  const workflows = createWorkflows(config, deps, outside, log, now);
  const { recovery, staff, messaging } = workflows;
  await registerRoutes(app, config, deps, outside, workflows, { now, stopping: () => stopping });

  let timer: NodeJS.Timeout | undefined;
  let refundsPass: Promise<unknown> = Promise.resolve();
  const runRecovery = () => {
    // Refunds a request left unfinished for as long as an order may stay pending are finished here.
    const cutoff = new Date(now().getTime() - config.recoveryAfterSeconds * 1000).toISOString();
    refundsPass = refundsPass.then(() => staff.finishUnfinished(cutoff)).catch((error: unknown) => log.error({ err: error }, 'finishing refunds failed'));
    return recovery.run().catch((error: unknown) => log.error({ err: error }, 'recovery run failed'));
  };

  return {
    app,
    recovery,
    staff,
    messaging,
    async listen() {
      const address = await app.listen({ port: config.port, host: config.host });
      void runRecovery();
      messaging.start();
      const interval = deps.recoveryIntervalMs ?? Math.min(60_000, config.recoveryAfterSeconds * 1000);
      if (interval > 0) {
        timer = setInterval(() => void runRecovery(), interval);
        timer.unref();
      }
      return address;
    },
    beginShutdown() {
      stopping = true;
    },
    async close() {
      if (timer) clearInterval(timer);
      await app.close();
      await recovery.idle();
      await refundsPass;
      await messaging.stop();
      if (!deps.repository) await repository.close();
    },
  };
}
