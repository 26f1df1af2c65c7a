import os from 'node:os';
import path from 'node:path';
import { IMPORT_BODY_LIMIT } from 'service-kit/body-limits';
import { z } from 'zod';
import { releaseGraceHours } from '../releases/settings.ts';
import { defaultRemoteDist, defaultRemoteManifest, remoteDistVariable, remoteNames, remoteUrlVariable, type RemoteName } from '../remotes.ts';

export { remoteNames, type RemoteName };

type RemoteVariable = ReturnType<typeof remoteUrlVariable> | ReturnType<typeof remoteDistVariable>;

/** REMOTE_<NAME>_URL and <NAME>_DIST of every remote, with their defaults. */
function remoteVariables(repoRoot: string) {
  return Object.fromEntries(
    remoteNames.flatMap((name) => [
      [remoteUrlVariable(name), z.string().default(defaultRemoteManifest(name))],
      [remoteDistVariable(name), z.string().default(defaultRemoteDist(repoRoot, name))],
    ]),
  ) as Record<RemoteVariable, z.ZodDefault<z.ZodString>>;
}

const port = z.coerce.number().int().min(0).max(65535);
const url = z.string().url();

/** Where the gateway listens, the services it proxies to, and the files and releases it serves. */
function placeVariables(repoRoot: string) {
  return {
    HOST: z.string().default('127.0.0.1'),
    PORT: port.default(3000),
    CATALOG_URL: url.default('http://127.0.0.1:3101'),
    CHECKOUT_URL: url.default('http://127.0.0.1:3102'),
    SHELL_DIST: z.string().default(path.join(repoRoot, 'shell', 'dist')),
    CONTACT_DB: z.string().default(path.join(repoRoot, 'shell', '.data', 'contact.db')),
    ...remoteVariables(repoRoot),
    // Releases of the remotes (npm run release) and, without DATABASE_URL, their registry.
    RELEASES_DIR: z.string().default(path.join(repoRoot, '.releases')),
    RELEASE_GRACE_HOURS: releaseGraceHours,
  };
}

/** The Firebase project the browser signs in with, and the local emulators in development. */
const firebaseVariables = {
  // Development defaults: the local Firebase of `npm start`. Production must name its own (below).
  FIREBASE_API_KEY: z.string().default('demo-api-key'),
  FIREBASE_PROJECT_ID: z.string().default('demo-storefront'),
  FIREBASE_AUTH_DOMAIN: z.string().default('demo-storefront.firebaseapp.com'),
  FIREBASE_DATABASE_URL: url.default('http://127.0.0.1:9000?ns=demo-storefront'),
  FIREBASE_AUTH_EMULATOR_URL: z.union([url, z.literal('')]).optional(),
  FIREBASE_DATABASE_EMULATOR_HOST: z.string().optional(),
  // Where the gateway itself reaches the local Firebase for /readyz when that is not the
  // browser's address (the gateway in a container, the emulators published on the host).
  FIREBASE_AUTH_EMULATOR_INTERNAL_URL: url.optional(),
  FIREBASE_DATABASE_EMULATOR_INTERNAL_HOST: z
    .string()
    .regex(/^[\w.-]+:\d+$/, 'must be host:port')
    .optional(),
};

/** The shop's public address and its payments as the browser sees them. */
const siteVariables = {
  STRIPE_PUBLISHABLE_KEY: z.string().default(''),
  // The shop's public address (robots.txt names the sitemap with it); this gateway's own in development.
  SITE_URL: url
    .refine(
      (raw) => /^https?:$/.test(new URL(raw).protocol) && new URL(raw).pathname === '/' && !new URL(raw).search,
      'SITE_URL must be an http(s) origin such as https://shop.example',
    )
    .transform((raw) => new URL(raw).origin)
    .optional(),
  // The project's local Stripe (npm start): the offline page's Stripe.js stand-in reaches it at /local-stripe.
  LOCAL_STRIPE_URL: url.optional(),
};

/** How the process runs: production or not, stopping, rendering budgets, cache and workers. */
const processVariables = {
  // The one production switch of every process of the shop.
  NODE_ENV: z.string().optional(),
  // On SIGTERM: how long /readyz says 503 before the listener closes (load balancers stop sending
  // first), and how long requests in flight may take before the process exits regardless.
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  // How long a page waits for its catalogue data (the product it names and describes to search
  // engines); a slower catalogue leaves the page generic and the screen asks for it itself.
  PAGE_DATA_BUDGET_MS: z.coerce.number().int().min(0).max(5_000).default(150),
  // Pages rendered on the server (the shell's and the remotes' server builds), or only in the
  // browser ('off'); and how long a page's remote screen may take to load and render there
  // before the browser is left to render it.
  SERVER_RENDERING: z.enum(['on', 'off']).default('on'),
  RENDER_BUDGET_MS: z.coerce.number().int().min(1).max(10_000).default(150),
  // Memory for the HTTP cache of public catalogue answers, per gateway process; 0 turns it off.
  CATALOG_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  // Server-rendered pages shared by every shopper (pageCache.ts): memory per gateway process (0 turns
  // it off), how long a page is served as rendered, and how much longer it may be served while one
  // render replaces it. A catalogue change drops the pages showing it at once, whatever these say.
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
  PAGE_CACHE_FRESH_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  PAGE_CACHE_STALE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  // Gateway processes sharing the port: a number, or 'auto' for one per CPU core.
  GATEWAY_WORKERS: z
    .union([z.literal('auto'), z.coerce.number().int().min(1).max(64)])
    .default(1)
    .transform((value) => (value === 'auto' ? os.availableParallelism() : value)),
};

/** Requests per client address and minute, and what the shop measures (Web Vitals, metrics). */
const limitAndMetricVariables = {
  // Per client address and minute (0 = off): contact form posts; public catalogue reads; every
  // request (pages and assets too). Sized for real shoppers behind one address (an office, a
  // mobile carrier's NAT): raise them where many shoppers share one.
  CONTACT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(100_000).default(5),
  CATALOG_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(10_000_000).default(1200),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(10_000_000).default(3000),
  // Real shoppers' Web Vitals (POST /api/vitals) per client address and minute: one beacon per
  // page a shopper leaves is far below it.
  VITALS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(100_000).default(60),
  // The largest catalogue import file the gateway forwards: the catalogue's own IMPORT_MAX_BYTES
  // (set both alike), so a larger one is refused here before it is sent on (bodyLimits.ts).
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(512 * 1024 * 1024)
    .default(IMPORT_BODY_LIMIT),
  // The share of page views whose Web Vitals the browser reports (0 to 1): 10 % in production
  // is plenty for p75 per route and spares shoppers' data; every view elsewhere (npm start, tests).
  VITALS_SAMPLE_RATE: z.coerce.number().min(0).max(1).optional(),
  // Prometheus metrics on a listener of their own (never the shop's port): unset, none; 0 picks a
  // free port. Loopback unless METRICS_HOST says otherwise (a scraper on another machine).
  METRICS_PORT: port.optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
};

/** What several gateway instances share (PostgreSQL, Redis), and whom the gateway believes and loads from. */
const sharedAndTrustVariables = {
  // PostgreSQL for what the gateway keeps (contact messages), shared by every gateway instance.
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  // Redis for rate limits shared by every gateway instance; in-process counters when unset.
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL')
    .optional(),
  // Origins product pictures may come from besides the catalogue (a shop's CDN), comma-separated:
  // the Content-Security-Policy's img-src allows them.
  IMAGE_ORIGINS: z
    .string()
    .transform((raw) =>
      raw
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine((origins) => origins.every(isOrigin), 'must be http(s) origins separated by commas, e.g. https://cdn.example.com (no path)')
    .default([]),
  // Addresses (or CIDRs) of reverse proxies in front of the gateway whose X-Forwarded-For is
  // believed, comma-separated. Unset: the socket's address is the client (nobody can spoof it).
  TRUST_PROXY: z
    .string()
    .regex(/^[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*$/, 'a comma-separated list of IP addresses or CIDRs')
    .optional(),
};

/** Every variable the gateway reads, each parsed on its own. */
function gatewayVariablesSchema(repoRoot: string) {
  return z.object({
    ...placeVariables(repoRoot),
    ...firebaseVariables,
    ...siteVariables,
    ...processVariables,
    ...limitAndMetricVariables,
    ...sharedAndTrustVariables,
  });
}

type GatewayVariables = z.output<ReturnType<typeof gatewayVariablesSchema>>;

/** The gateway's environment: its variables, checked together for production, as the configuration. */
export function gatewayConfigSchema(repoRoot: string) {
  return gatewayVariablesSchema(repoRoot).superRefine(refuseLocalSettingsInProduction).transform(configFromVariables);
}

/** In production, refuses what only belongs to development: the local emulators and Stripe, the demo project. */
function refuseLocalSettingsInProduction(env: GatewayVariables, context: z.RefinementCtx): void {
  if (env.NODE_ENV !== 'production') return;
  const refuse = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
  if (env.FIREBASE_AUTH_EMULATOR_URL) refuse('FIREBASE_AUTH_EMULATOR_URL', 'must not be set in production (it is the local Auth emulator)');
  if (env.FIREBASE_AUTH_EMULATOR_INTERNAL_URL) refuse('FIREBASE_AUTH_EMULATOR_INTERNAL_URL', 'must not be set in production (it is the local Auth emulator)');
  if (env.FIREBASE_DATABASE_EMULATOR_INTERNAL_HOST)
    refuse('FIREBASE_DATABASE_EMULATOR_INTERNAL_HOST', 'must not be set in production (it is the local database)');
  if (!env.SITE_URL) refuse('SITE_URL', "is required in production (the shop's public address, for robots.txt and the sitemaps)");
  if (env.LOCAL_STRIPE_URL) refuse('LOCAL_STRIPE_URL', 'must not be set in production (it is the local Stripe)');
  if (env.FIREBASE_DATABASE_EMULATOR_HOST) refuse('FIREBASE_DATABASE_EMULATOR_HOST', 'must not be set in production (it is the local database)');
  if (env.FIREBASE_PROJECT_ID.startsWith('demo-'))
    refuse('FIREBASE_PROJECT_ID', `is the local demo project ${env.FIREBASE_PROJECT_ID}; production needs a real one`);
  if (env.FIREBASE_API_KEY === 'demo-api-key') refuse('FIREBASE_API_KEY', "is required in production (the project's web API key)");
  if (isLoopback(env.FIREBASE_DATABASE_URL)) refuse('FIREBASE_DATABASE_URL', 'must be the real database in production, not a local address');
}

/** The configuration the gateway's code reads, named for what each value is for. */
function configFromVariables(env: GatewayVariables) {
  return {
    host: env.HOST,
    port: env.PORT,
    production: env.NODE_ENV === 'production',
    shutdownDelayMs: env.SHUTDOWN_DELAY_MS,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    rateLimits: {
      perAddressPerMinute: env.RATE_LIMIT_PER_MINUTE,
      catalogPerMinute: env.CATALOG_RATE_LIMIT_PER_MINUTE,
      contactPerMinute: env.CONTACT_RATE_LIMIT_PER_MINUTE,
      vitalsPerMinute: env.VITALS_RATE_LIMIT_PER_MINUTE,
      redisUrl: env.REDIS_URL,
    },
    metrics: { port: env.METRICS_PORT, host: env.METRICS_HOST },
    importMaxBytes: env.IMPORT_MAX_BYTES,
    catalogCacheBytes: env.CATALOG_CACHE_MB * 1024 * 1024,
    pageCache: { maxBytes: env.PAGE_CACHE_MB * 1024 * 1024, freshMs: env.PAGE_CACHE_FRESH_SECONDS * 1000, staleMs: env.PAGE_CACHE_STALE_SECONDS * 1000 },
    pageDataBudgetMs: env.PAGE_DATA_BUDGET_MS,
    serverRendering: env.SERVER_RENDERING === 'on',
    renderBudgetMs: env.RENDER_BUDGET_MS,
    workers: env.GATEWAY_WORKERS,
    trustProxy: env.TRUST_PROXY ? env.TRUST_PROXY.split(',').map((entry) => entry.trim()) : false,
    catalogUrl: env.CATALOG_URL,
    checkoutUrl: env.CHECKOUT_URL,
    localStripeUrl: env.LOCAL_STRIPE_URL,
    siteUrl: env.SITE_URL ?? `http://localhost:${env.PORT}`,
    imageOrigins: env.IMAGE_ORIGINS,
    // The local Firebase as the gateway reaches it (its /readyz); the browser's address otherwise.
    emulatorProbes: {
      authUrl: env.FIREBASE_AUTH_EMULATOR_INTERNAL_URL,
      databaseHost: env.FIREBASE_DATABASE_EMULATOR_INTERNAL_HOST,
    },
    shellDist: env.SHELL_DIST,
    contactDb: env.CONTACT_DB,
    databaseUrl: env.DATABASE_URL,
    releasesDir: path.resolve(env.RELEASES_DIR),
    releaseGraceMs: env.RELEASE_GRACE_HOURS * 3_600_000,
    remotes: Object.fromEntries(remoteNames.map((name) => [name, { manifest: env[remoteUrlVariable(name)], dist: env[remoteDistVariable(name)] }])) as Record<
      RemoteName,
      { manifest: string; dist: string }
    >,
    client: clientConfig(env),
  };
}

/** What the browser needs at runtime: public values only, never secrets. */
function clientConfig(env: GatewayVariables) {
  return {
    firebase: {
      apiKey: env.FIREBASE_API_KEY,
      authDomain: env.FIREBASE_AUTH_DOMAIN,
      projectId: env.FIREBASE_PROJECT_ID,
      databaseURL: env.FIREBASE_DATABASE_URL,
      authEmulatorUrl: emulatorSetting(env, env.FIREBASE_AUTH_EMULATOR_URL, 'http://127.0.0.1:9099'),
      databaseEmulatorHost: emulatorSetting(env, env.FIREBASE_DATABASE_EMULATOR_HOST, '127.0.0.1:9000'),
    },
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
    vitalsSampleRate: env.VITALS_SAMPLE_RATE ?? (env.NODE_ENV === 'production' ? 0.1 : 1),
  };
}

function isLoopback(address: string): boolean {
  const { hostname } = new URL(address);
  return hostname === 'localhost' || hostname === '[::1]' || hostname.startsWith('127.');
}

/** An emulator address: as given, the local default in development, never one in production. */
function emulatorSetting(env: { NODE_ENV?: string | undefined }, value: string | undefined, developmentDefault: string): string | undefined {
  if (value !== undefined) return value || undefined;
  return env.NODE_ENV === 'production' ? undefined : developmentDefault;
}

/** Every variable the gateway reads (deployment files are checked against it). */
export const variableNames: readonly string[] = Object.keys(gatewayConfigSchema('').in.shape);

/** An http(s) origin exactly as a browser writes it: scheme, host and port, nothing more. */
function isOrigin(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const parsed = new URL(value);
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.origin === value;
}

export type GatewayConfig = z.output<ReturnType<typeof gatewayConfigSchema>>;

export class ConfigError extends Error {}

/** The gateway's configuration, or a ConfigError naming every bad variable on one line. */
export function loadGatewayConfig(env: NodeJS.ProcessEnv, repoRoot: string): GatewayConfig {
  const parsed = gatewayConfigSchema(repoRoot).safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid gateway configuration: ${problems.join('; ')}`);
  }
  return parsed.data;
}
