import path from 'node:path';
import { z } from 'zod';

const remoteNames = ['catalog', 'cart', 'account', 'checkout'] as const;
export type RemoteName = (typeof remoteNames)[number];

const port = z.coerce.number().int().min(0).max(65535);
const url = z.string().url();

export function gatewayConfigSchema(repoRoot: string) {
  const defaultManifest = (name: RemoteName) => `/remotes/${name}/mf-manifest.json`;
  const defaultDist = (name: RemoteName) => path.join(repoRoot, `mf-${name}`, 'dist');
  return z
    .object({
      HOST: z.string().default('127.0.0.1'),
      PORT: port.default(3000),
      CATALOG_URL: url.default('http://127.0.0.1:3101'),
      CHECKOUT_URL: url.default('http://127.0.0.1:3102'),
      SHELL_DIST: z.string().default(path.join(repoRoot, 'shell', 'dist')),
      CONTACT_DB: z.string().default(path.join(repoRoot, 'shell', '.data', 'contact.db')),
      REMOTE_CATALOG_URL: z.string().default(defaultManifest('catalog')),
      REMOTE_CART_URL: z.string().default(defaultManifest('cart')),
      REMOTE_ACCOUNT_URL: z.string().default(defaultManifest('account')),
      REMOTE_CHECKOUT_URL: z.string().default(defaultManifest('checkout')),
      CATALOG_DIST: z.string().default(defaultDist('catalog')),
      CART_DIST: z.string().default(defaultDist('cart')),
      ACCOUNT_DIST: z.string().default(defaultDist('account')),
      CHECKOUT_DIST: z.string().default(defaultDist('checkout')),
      FIREBASE_API_KEY: z.string().default('demo-api-key'),
      FIREBASE_PROJECT_ID: z.string().default('demo-storefront'),
      FIREBASE_AUTH_DOMAIN: z.string().default('demo-storefront.firebaseapp.com'),
      FIREBASE_DATABASE_URL: url.default('http://127.0.0.1:9000?ns=demo-storefront'),
      FIREBASE_AUTH_EMULATOR_URL: z.union([url, z.literal('')]).default('http://127.0.0.1:9099'),
      FIREBASE_DATABASE_EMULATOR_HOST: z.string().default('127.0.0.1:9000'),
      STRIPE_PUBLISHABLE_KEY: z.string().default(''),
      PRODUCTION: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
      // Contact form posts per client IP and minute (burst of that many, refilled over a minute); 0 = off.
      CONTACT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(100_000).default(5),
      // Addresses (or CIDRs) of reverse proxies in front of the gateway whose X-Forwarded-For is
      // believed, comma-separated. Unset: the socket's address is the client (nobody can spoof it).
      TRUST_PROXY: z
        .string()
        .regex(/^[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*$/, 'a comma-separated list of IP addresses or CIDRs')
        .optional(),
    })
    .transform((env) => ({
      host: env.HOST,
      port: env.PORT,
      production: env.PRODUCTION,
      contactRateLimitPerMinute: env.CONTACT_RATE_LIMIT_PER_MINUTE,
      trustProxy: env.TRUST_PROXY ? env.TRUST_PROXY.split(',').map((entry) => entry.trim()) : false,
      catalogUrl: env.CATALOG_URL,
      checkoutUrl: env.CHECKOUT_URL,
      shellDist: env.SHELL_DIST,
      contactDb: env.CONTACT_DB,
      remotes: {
        catalog: { manifest: env.REMOTE_CATALOG_URL, dist: env.CATALOG_DIST },
        cart: { manifest: env.REMOTE_CART_URL, dist: env.CART_DIST },
        account: { manifest: env.REMOTE_ACCOUNT_URL, dist: env.ACCOUNT_DIST },
        checkout: { manifest: env.REMOTE_CHECKOUT_URL, dist: env.CHECKOUT_DIST },
      } satisfies Record<RemoteName, { manifest: string; dist: string }>,
      // What the browser needs at runtime: public values only, never secrets.
      client: {
        firebase: {
          apiKey: env.FIREBASE_API_KEY,
          authDomain: env.FIREBASE_AUTH_DOMAIN,
          projectId: env.FIREBASE_PROJECT_ID,
          databaseURL: env.FIREBASE_DATABASE_URL,
          authEmulatorUrl: env.FIREBASE_AUTH_EMULATOR_URL || undefined,
          databaseEmulatorHost: env.FIREBASE_DATABASE_EMULATOR_HOST || undefined,
        },
        stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
      },
    }));
}

export type GatewayConfig = z.output<ReturnType<typeof gatewayConfigSchema>>;

export function loadGatewayConfig(env: NodeJS.ProcessEnv, repoRoot: string): GatewayConfig {
  const parsed = gatewayConfigSchema(repoRoot).safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid gateway configuration: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  return parsed.data;
}

export { remoteNames };
