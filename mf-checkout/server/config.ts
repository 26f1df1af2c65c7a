import { z } from 'zod';

const port = z.coerce
  .number({ message: 'must be a port number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

const httpUrl = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' });

const envSchema = z.object({
  PORT: port.default(3102),
  // Loopback by default: the gateway is the only thing that should reach this service.
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  SQLITE_PATH: z.string().min(1).optional(),
  CATALOG_URL: httpUrl.default('http://127.0.0.1:3101'),
  // Shared with the catalogue, whose stock API refuses every call without it: no usable default exists.
  INTERNAL_TOKEN: z.string({ message: 'is required (the same value as the catalogue service)' }).min(8, 'must be at least 8 characters'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must look like sk_test_..., sk_live_... or rk_...')
    .optional(),
  STRIPE_MOCK_URL: httpUrl.default('http://127.0.0.1:12111'),
  // Signs the webhooks Stripe sends to /api/checkout/stripe/webhook (Dashboard or `stripe listen`).
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w{8,}$/, "must look like whsec_... (the endpoint's signing secret)")
    .optional(),
  // The project's local Stripe (stand-ins/stripe), for PaymentIntents when no secret key is set.
  LOCAL_STRIPE_URL: httpUrl.default('http://127.0.0.1:12112'),
  // A payment intent nobody paid for this long is cancelled and its stock released.
  PAYMENT_INTENT_TIMEOUT_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(60, 'must be at least 60 (a shopper needs time to authenticate)')
    .default(1800),
  FIREBASE_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]{4,40}$/, 'must be a Firebase project id (lower-case letters, digits, dashes)')
    .default('demo-storefront'),
  // Development: the local Auth service that says whether it issued an (unsigned) emulator token.
  FIREBASE_AUTH_VERIFY_URL: httpUrl.optional(),
  // Where Firebase's token-signing keys are published (a JWKS); Google's unless overridden.
  FIREBASE_TOKEN_KEYS_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // Must exceed the longest live checkout (catalogue 5 s + 3 Stripe attempts of 15 s + back-off, about
  // 50 s), or recovery could cancel an order whose charge is still on its way.
  PENDING_RECOVERY_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(60, 'must be at least 60 (longer than any live checkout request)')
    .default(120),
  RATE_LIMIT_CHECKOUT_PER_MINUTE: z.coerce.number().int().min(0, 'must be 0 (off) or more').default(60),
  RATE_LIMIT_SESSION_PER_MINUTE: z.coerce.number().int().min(0, 'must be 0 (off) or more').default(120),
  RATE_LIMIT_COUPON_PER_MINUTE: z.coerce.number().int().min(0, 'must be 0 (off) or more').default(120),
  RATE_LIMIT_ORDERS_PER_MINUTE: z.coerce.number().int().min(0, 'must be 0 (off) or more').default(300),
  // Password-reset requests per address and minute: each one sends a mail.
  RATE_LIMIT_PASSWORD_RESET_PER_MINUTE: z.coerce.number().int().min(0, 'must be 0 (off) or more').default(10),
  // Redis for limits shared by every checkout instance; in-process counters when unset.
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL')
    .optional(),
  // On SIGTERM: how long /readyz says 503 before the listener closes (load balancers stop sending
  // first), and how long checkouts in flight may take before the process exits regardless.
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  // Prometheus metrics, never on the API's port: unset, none; 0 picks a free port (decision 0032).
  METRICS_PORT: port.optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // Messages to shoppers (messages/): sent through this SMTP server; unset, they stay queued in the outbox.
  SMTP_URL: z.url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL (smtp://user:password@host:587)' }).optional(),
  MAIL_FROM: z.string().min(3).max(320).default('Storefront <shop@storefront.localhost>'),
  // The shop's name in its messages, and where shoppers reach it (the links in the messages).
  SHOP_NAME: z.string().trim().min(1).max(100).default('Storefront'),
  PUBLIC_ORIGIN: httpUrl.default('http://localhost:3000'),
  // Attempts per message before it is left failed for an operator (docs/operations.md, Mail).
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  // The wait between attempts doubles from MAIL_RETRY_BASE_MS up to MAIL_RETRY_MAX_MS (with jitter).
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(5_000),
  MAIL_RETRY_MAX_MS: z.coerce.number().int().min(10).max(86_400_000).default(300_000),
  // How often the sender looks for due messages.
  MAIL_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(1_000),
  // Sent messages are deleted this many days after they went (failed ones are kept for the staff).
  MAIL_SENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
  // The Auth service's REST API for password-reset codes: the local emulator (host:port) in development;
  // unset in production, where Google's is called with the service account's access token.
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[\w.-]+:\d{1,5}$/, 'must be host:port')
    .optional(),
  // The local Auth service's administrator secret (auth-admin.secret in its data folder), which its admin API asks for.
  FIREBASE_AUTH_EMULATOR_SECRET: z.string().min(32, 'must be at least 32 characters (auth-admin.secret in the data folder)').optional(),
  // A Google service account's JSON key (file path): password-reset codes and staff members' current roles from a real Firebase project.
  GOOGLE_APPLICATION_CREDENTIALS: z.string().min(1).optional(),
  // Google's Identity Toolkit unless set (tests stand in for Google).
  FIREBASE_IDENTITY_TOOLKIT_URL: httpUrl.optional(),
  NODE_ENV: z.string().optional(),
});

/** Every variable the service reads (deployment files are checked against it). */
export const variableNames: readonly string[] = Object.keys(envSchema.shape);

export interface CheckoutConfig {
  /** NODE_ENV=production: real secrets required, session cookies always Secure. */
  production: boolean;
  port: number;
  host: string;
  /** Prometheus metrics on a listener of their own (main.ts); none without. */
  metrics?: { port: number; host: string };
  /** PostgreSQL when set; otherwise the embedded SQLite file at sqlitePath. */
  databaseUrl: string | undefined;
  sqlitePath: string;
  catalogUrl: string;
  internalToken: string;
  stripe: {
    /** Real Stripe when set; otherwise the SDK talks to stripe-stateful-mock at mockUrl. */
    secretKey: string | undefined;
    mockUrl: string;
    /** Without a secret key, PaymentIntents go to the project's local Stripe here. */
    localUrl: string;
    /** Unset: the webhook endpoint answers 503 (development without webhooks). */
    webhookSecret: string | undefined;
    /** Unpaid intents older than this are cancelled by recovery. */
    intentTimeoutSeconds: number;
  };
  /**
   * ID tokens: checked with the local Auth service when authVerifyUrl is set (development), otherwise
   * by their signature against Firebase's published keys. A staff change asks the role the account
   * holds now of the same local Auth service, or of the project with the service account (auth).
   */
  firebase: { projectId: string; authVerifyUrl: string | undefined; tokenKeysUrl: string | undefined; identityToolkitUrl?: string | undefined };
  /** Unset means a random per-process secret: sessions then do not survive a restart. */
  sessionSecret: string | undefined;
  /** Pending orders older than this are reconciled by the recovery step. */
  recoveryAfterSeconds: number;
  /** Per shopper and minute; 0 = off. */
  rateLimits: { checkoutPerMinute: number; sessionPerMinute: number; couponPerMinute: number; ordersPerMinute: number; passwordResetPerMinute?: number };
  redisUrl: string | undefined;
  shutdownDelayMs: number;
  shutdownGraceMs: number;
  mail: {
    /** Unset: messages stay queued until an instance with an SMTP server runs. */
    smtpUrl: string | undefined;
    from: string;
    shopName: string;
    /** Without a trailing slash. */
    publicOrigin: string;
    maxAttempts: number;
    retryBaseMs: number;
    retryMaxMs: number;
    pollMs: number;
    /** Sent messages older than this are deleted by the sender. */
    sentRetentionDays: number;
  };
  /** Where password-reset codes come from: the emulator (with its administrator secret), or Google's API with a service account. */
  auth: { emulatorHost: string | undefined; emulatorSecret?: string | undefined; credentialsFile: string | undefined };
}

export class ConfigError extends Error {}

/**
 * Reads and validates the environment. Empty values count as unset (an `.env` line `KEY=`).
 * Throws ConfigError with a one-line message naming every bad variable.
 */
export function loadConfig(env: Record<string, string | undefined>, defaults: { sqlitePath: string }): CheckoutConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid checkout service configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const productionProblems = [
    // Every instance must accept the others' cookies, and they must survive a restart.
    !e.SESSION_SECRET && 'SESSION_SECRET is required in production',
    // Without it the SDK would talk to the local mock: nobody would really be charged.
    !e.STRIPE_SECRET_KEY && 'STRIPE_SECRET_KEY is required in production',
    // Without it a payment finished after the shopper left (banking app, closed tab) never becomes an order.
    !e.STRIPE_WEBHOOK_SECRET && 'STRIPE_WEBHOOK_SECRET is required in production',
    present.LOCAL_STRIPE_URL !== undefined && 'LOCAL_STRIPE_URL (the local Stripe) must not be set in production',
    // The local Auth service vouches for unsigned tokens: production accepts real signatures only.
    e.FIREBASE_AUTH_VERIFY_URL && 'FIREBASE_AUTH_VERIFY_URL (the local Auth emulator) must not be set in production',
    present.STRIPE_MOCK_URL !== undefined && 'STRIPE_MOCK_URL (the local Stripe) must not be set in production',
    // The links in shoppers' mail would lead to the shopper's own machine.
    !present.PUBLIC_ORIGIN && "PUBLIC_ORIGIN (the shop's public address, for the links in its mail) is required in production",
    e.FIREBASE_AUTH_EMULATOR_HOST && 'FIREBASE_AUTH_EMULATOR_HOST (the local Auth emulator) must not be set in production',
    e.FIREBASE_AUTH_EMULATOR_SECRET && 'FIREBASE_AUTH_EMULATOR_SECRET (the local Auth emulator) must not be set in production',
    e.FIREBASE_PROJECT_ID.startsWith('demo-') && `FIREBASE_PROJECT_ID ${e.FIREBASE_PROJECT_ID} is a local demo project; production needs a real one`,
  ].filter(Boolean);
  if (production && productionProblems.length > 0) {
    throw new ConfigError(`Invalid checkout service configuration: ${productionProblems.join('; ')}`);
  }
  if (e.FIREBASE_AUTH_EMULATOR_HOST && !e.FIREBASE_AUTH_EMULATOR_SECRET) {
    throw new ConfigError(
      "Invalid checkout service configuration: FIREBASE_AUTH_EMULATOR_HOST needs FIREBASE_AUTH_EMULATOR_SECRET (auth-admin.secret in the local Auth service's data folder)",
    );
  }
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    ...(e.METRICS_PORT === undefined ? {} : { metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST } }),
    databaseUrl: e.DATABASE_URL,
    sqlitePath: e.SQLITE_PATH ?? defaults.sqlitePath,
    catalogUrl: e.CATALOG_URL.replace(/\/+$/, ''),
    internalToken: e.INTERNAL_TOKEN,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      mockUrl: e.STRIPE_MOCK_URL,
      localUrl: e.LOCAL_STRIPE_URL,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      intentTimeoutSeconds: e.PAYMENT_INTENT_TIMEOUT_SECONDS,
    },
    firebase: {
      projectId: e.FIREBASE_PROJECT_ID,
      authVerifyUrl: e.FIREBASE_AUTH_VERIFY_URL,
      tokenKeysUrl: e.FIREBASE_TOKEN_KEYS_URL,
      identityToolkitUrl: e.FIREBASE_IDENTITY_TOOLKIT_URL,
    },
    sessionSecret: e.SESSION_SECRET,
    recoveryAfterSeconds: e.PENDING_RECOVERY_SECONDS,
    rateLimits: {
      checkoutPerMinute: e.RATE_LIMIT_CHECKOUT_PER_MINUTE,
      sessionPerMinute: e.RATE_LIMIT_SESSION_PER_MINUTE,
      couponPerMinute: e.RATE_LIMIT_COUPON_PER_MINUTE,
      ordersPerMinute: e.RATE_LIMIT_ORDERS_PER_MINUTE,
      passwordResetPerMinute: e.RATE_LIMIT_PASSWORD_RESET_PER_MINUTE,
    },
    redisUrl: e.REDIS_URL,
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      shopName: e.SHOP_NAME,
      publicOrigin: e.PUBLIC_ORIGIN.replace(/\/+$/, ''),
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      retryBaseMs: e.MAIL_RETRY_BASE_MS,
      retryMaxMs: Math.max(e.MAIL_RETRY_MAX_MS, e.MAIL_RETRY_BASE_MS),
      pollMs: e.MAIL_POLL_MS,
      sentRetentionDays: e.MAIL_SENT_RETENTION_DAYS,
    },
    auth: { emulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST, emulatorSecret: e.FIREBASE_AUTH_EMULATOR_SECRET, credentialsFile: e.GOOGLE_APPLICATION_CREDENTIALS },
  };
}
