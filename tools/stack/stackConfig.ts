import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { STACK_PORTS, type StackPorts } from './stackPorts.ts';

const port = z.coerce.number().int().min(1).max(65535);

// Every port's variable, from the stack's one list of ports.
const portVariables = Object.fromEntries(STACK_PORTS.map(({ variable, default: value }) => [variable, port.default(value)]));

const schema = z.object({
  ...portVariables,
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
  const ports = Object.fromEntries(STACK_PORTS.map(({ name, variable }) => [name, (value as Record<string, unknown>)[variable] as number])) as StackPorts;
  return {
    ports,
    metricsPorts: { gateway: ports.gatewayMetrics, catalog: ports.catalogMetrics, checkout: ports.checkoutMetrics },
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
