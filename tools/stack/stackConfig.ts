import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

const port = z.coerce.number().int().min(1).max(65535);

const schema = z.object({
  PORT: port.default(3000),
  CATALOG_PORT: port.default(3101),
  CHECKOUT_PORT: port.default(3102),
  AUTH_EMULATOR_PORT: port.default(9099),
  DATABASE_EMULATOR_PORT: port.default(9000),
  STRIPE_MOCK_PORT: port.default(12111),
  LOCAL_STRIPE_PORT: port.default(12112),
  // The local mail catcher (maildev): its SMTP server for the checkout's messages and its inbox in the browser.
  MAIL_SMTP_PORT: port.default(1025),
  MAIL_WEB_PORT: port.default(1080),
  // Each service's Prometheus metrics, on loopback listeners apart from the shop's ports (decision 0032).
  GATEWAY_METRICS_PORT: port.default(9464),
  CATALOG_METRICS_PORT: port.default(9465),
  CHECKOUT_METRICS_PORT: port.default(9466),
  DATA_DIR: z.string().optional(),
  FIREBASE_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and dashes')
    .default('demo-storefront'),
  INTERNAL_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  // Bearer token for the catalogue API's writes (docs/api.md); unset, the catalogue takes no writes.
  CATALOG_ADMIN_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  SKIP_BUILD: z.enum(['0', '1']).default('0'),
  // First delay before a service that stopped is restarted (it doubles while it keeps failing, up to 10 s).
  RESTART_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(500),
});

export type StackConfig = ReturnType<typeof loadStackConfig>;

/** The embedded default: every port and the data folder, each overridable from the environment. */
export function loadStackConfig(env: NodeJS.ProcessEnv, repoRoot: string) {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid configuration: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  if (env.NODE_ENV === 'production') {
    throw new Error(
      'npm start runs the embedded default, with local stand-ins for Firebase and Stripe, and does not run with NODE_ENV=production; run each service with its production configuration (see README)',
    );
  }
  const value = parsed.data;
  return {
    ports: {
      gateway: value.PORT,
      catalog: value.CATALOG_PORT,
      checkout: value.CHECKOUT_PORT,
      authEmulator: value.AUTH_EMULATOR_PORT,
      databaseEmulator: value.DATABASE_EMULATOR_PORT,
      stripeMock: value.STRIPE_MOCK_PORT,
      localStripe: value.LOCAL_STRIPE_PORT,
      mailSmtp: value.MAIL_SMTP_PORT,
      mailWeb: value.MAIL_WEB_PORT,
    },
    metricsPorts: { gateway: value.GATEWAY_METRICS_PORT, catalog: value.CATALOG_METRICS_PORT, checkout: value.CHECKOUT_METRICS_PORT },
    dataDir: path.resolve(repoRoot, value.DATA_DIR ?? '.data'),
    projectId: value.FIREBASE_PROJECT_ID,
    // A fresh secret per start unless one is given: only our own checkout service may reserve stock.
    internalToken: value.INTERNAL_TOKEN ?? randomBytes(24).toString('hex'),
    // The local Stripe signs its webhooks with this; the checkout service checks them with it.
    webhookSecret: `whsec_${randomBytes(24).toString('hex')}`,
    catalogAdminToken: value.CATALOG_ADMIN_TOKEN,
    skipBuild: value.SKIP_BUILD === '1',
    restartDelayMs: value.RESTART_DELAY_MS,
  };
}
