import path from 'node:path';
import { authAdminSecretOf } from '../../stand-ins/firebase/index.ts';
import type { ServiceSpec } from './processes.ts';
import type { StackConfig } from './stackConfig.ts';

const local = (port: number, pathname = '/') => `http://127.0.0.1:${port}${pathname}`;

/** Ports of the remotes' standalone harnesses (`npm start -w mf-<name>`), which use the same backends. */
const standaloneHarnessPorts = [3201, 3202, 3203, 3204, 3205];

/** What several services' settings are made of: the stack's ports and secrets, and the shared addresses. */
interface StackContext extends Pick<StackConfig, 'ports' | 'dataDir' | 'projectId' | 'internalToken' | 'webhookSecret'> {
  config: StackConfig;
  repoRoot: string;
  node: string;
  authEmulatorHost: string;
  authVerifyUrl: string;
  /** What the local Auth service's admin API asks for: auth-admin.secret in the data folder. */
  authAdminSecret: string;
  /** --allowed-origin for each of the shop's pages, for the Firebase emulators. */
  originArgs: string[];
}

/** The catalogue service on its SQLite file. */
function catalogService({ config, ports, dataDir, projectId, internalToken, repoRoot, node, authVerifyUrl }: StackContext): ServiceSpec {
  return {
    name: 'catalog',
    command: node,
    args: [path.join(repoRoot, 'mf-catalog/server/main.ts')],
    cwd: repoRoot,
    env: {
      HOST: '127.0.0.1',
      PORT: String(ports.catalog),
      SQLITE_PATH: path.join(dataDir, 'catalog.db'),
      INTERNAL_TOKEN: internalToken,
      METRICS_PORT: String(config.metricsPorts.catalog),
      // Warnings and errors only at npm start (LOG_LEVEL=info shows every request's lines).
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      SITE_URL: `http://localhost:${ports.gateway}`,
      // Staff change the catalogue from the back office with their ID token (mf-catalog/server/staff).
      FIREBASE_PROJECT_ID: projectId,
      FIREBASE_AUTH_VERIFY_URL: authVerifyUrl,
      ...(config.catalogAdminToken ? { CATALOG_ADMIN_TOKEN: config.catalogAdminToken } : {}),
    },
    readyUrl: local(ports.catalog, '/readyz'),
  };
}

/** The two Stripe stand-ins (stand-ins/stripe): stripe-mock for card charges, local-stripe for PaymentIntents. */
function paymentServices({ ports, webhookSecret, repoRoot, node }: StackContext): ServiceSpec[] {
  return [
    {
      name: 'stripe-mock',
      command: node,
      args: [path.join(repoRoot, 'stand-ins/stripe/stripeMockMain.ts')],
      cwd: repoRoot,
      env: { HOST: '127.0.0.1', PORT: String(ports.stripeMock) },
      readyUrl: local(ports.stripeMock, '/'),
      readyWhen: 'answers',
    },
    {
      // PaymentIntents, 3-D Secure and signed webhooks; the webhooks go through
      // the gateway, as Stripe's reach the shop's public address.
      name: 'local-stripe',
      command: node,
      args: [path.join(repoRoot, 'stand-ins/stripe/main.ts')],
      cwd: repoRoot,
      env: {
        HOST: '127.0.0.1',
        PORT: String(ports.localStripe),
        WEBHOOK_URL: local(ports.gateway, '/api/checkout/stripe/webhook'),
        WEBHOOK_SECRET: webhookSecret,
      },
      readyUrl: local(ports.localStripe, '/v1/'),
      readyWhen: 'answers',
    },
  ];
}

/** The local Firebase (stand-ins/firebase): the Auth emulator and the Realtime Database emulator. */
function firebaseEmulators({ ports, dataDir, projectId, repoRoot, node, authVerifyUrl, originArgs }: StackContext): ServiceSpec[] {
  return [
    {
      name: 'auth',
      command: node,
      args: [
        path.join(repoRoot, 'stand-ins/firebase/cli.ts'),
        'auth',
        '--auth-port',
        String(ports.authEmulator),
        '--project',
        projectId,
        '--data-dir',
        dataDir,
        ...originArgs,
      ],
      cwd: repoRoot,
      readyUrl: local(ports.authEmulator, '/readyz'),
      readyTimeoutMs: 120_000,
    },
    {
      name: 'database',
      command: node,
      args: [
        path.join(repoRoot, 'stand-ins/firebase/databaseMain.ts'),
        '--port',
        String(ports.databaseEmulator),
        '--data-dir',
        dataDir,
        '--auth-verify-url',
        authVerifyUrl,
        ...originArgs,
      ],
      cwd: repoRoot,
      readyUrl: local(ports.databaseEmulator, '/readyz'),
    },
  ];
}

/** The local mail catcher (stand-ins/mail) the checkout sends to. */
function mailService({ ports, dataDir, repoRoot, node }: StackContext): ServiceSpec {
  return {
    // The checkout's messages land in its inbox, read in the browser (decision 0030); kept in the data
    // folder, so they survive a restart. Loopback only.
    name: 'mail',
    command: node,
    args: [path.join(repoRoot, 'stand-ins/mail/main.ts')],
    cwd: repoRoot,
    env: { HOST: '127.0.0.1', SMTP_PORT: String(ports.mailSmtp), WEB_PORT: String(ports.mailWeb), MAIL_DIR: path.join(dataDir, 'mail') },
    readyUrl: local(ports.mailWeb, '/api/healthz'),
  };
}

/** The checkout service on its SQLite file, pointed at the catalogue, the Stripe stand-ins, Firebase and the mail catcher. */
function checkoutService({
  config,
  ports,
  dataDir,
  projectId,
  internalToken,
  webhookSecret,
  repoRoot,
  node,
  authEmulatorHost,
  authVerifyUrl,
  authAdminSecret,
}: StackContext): ServiceSpec {
  return {
    name: 'checkout',
    command: node,
    args: [path.join(repoRoot, 'mf-checkout/server/main.ts')],
    cwd: repoRoot,
    env: {
      HOST: '127.0.0.1',
      PORT: String(ports.checkout),
      SQLITE_PATH: path.join(dataDir, 'orders.db'),
      CATALOG_URL: local(ports.catalog, ''),
      INTERNAL_TOKEN: internalToken,
      STRIPE_MOCK_URL: local(ports.stripeMock, ''),
      LOCAL_STRIPE_URL: local(ports.localStripe, ''),
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      FIREBASE_PROJECT_ID: projectId,
      FIREBASE_AUTH_VERIFY_URL: authVerifyUrl,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      METRICS_PORT: String(config.metricsPorts.checkout),
      // Messages to shoppers go to the mail catcher; the password reset's codes come from the Auth
      // emulator's admin API, and its links lead to the shop's own page through the gateway.
      SMTP_URL: `smtp://127.0.0.1:${ports.mailSmtp}`,
      PUBLIC_ORIGIN: `http://localhost:${ports.gateway}`,
      FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost,
      FIREBASE_AUTH_EMULATOR_SECRET: authAdminSecret,
    },
    readyUrl: local(ports.checkout, '/readyz'),
  };
}

/** The gateway in front of everything: the shop's one public address. */
function gatewayService({ config, ports, dataDir, projectId, repoRoot, node, authEmulatorHost }: StackContext): ServiceSpec {
  return {
    name: 'gateway',
    command: node,
    args: [path.join(repoRoot, 'shell/server/main.ts')],
    cwd: repoRoot,
    env: {
      HOST: '127.0.0.1',
      PORT: String(ports.gateway),
      CATALOG_URL: local(ports.catalog, ''),
      CHECKOUT_URL: local(ports.checkout, ''),
      LOCAL_STRIPE_URL: local(ports.localStripe, ''),
      SITE_URL: `http://localhost:${ports.gateway}`,
      CONTACT_DB: path.join(dataDir, 'contact.db'),
      METRICS_PORT: String(config.metricsPorts.gateway),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      FIREBASE_PROJECT_ID: projectId,
      FIREBASE_DATABASE_URL: `http://127.0.0.1:${ports.databaseEmulator}?ns=${projectId}`,
      FIREBASE_AUTH_EMULATOR_URL: `http://${authEmulatorHost}`,
      FIREBASE_DATABASE_EMULATOR_HOST: `127.0.0.1:${ports.databaseEmulator}`,
    },
    readyUrl: local(ports.gateway, '/readyz'),
  };
}

/** Every process of the embedded default, in start order (each one's dependencies come first). */
export function stackServices(config: StackConfig, repoRoot: string): ServiceSpec[] {
  const { ports } = config;
  // The local Firebase answers only the shop's pages (and the teams' standalone harnesses).
  const shopOrigins = [ports.gateway, ...standaloneHarnessPorts].flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]);
  const context: StackContext = {
    config,
    ports,
    dataDir: config.dataDir,
    projectId: config.projectId,
    internalToken: config.internalToken,
    webhookSecret: config.webhookSecret,
    repoRoot,
    node: process.execPath,
    authEmulatorHost: `127.0.0.1:${ports.authEmulator}`,
    authVerifyUrl: local(ports.authEmulator, '/storefront/v1/tokens:verify'),
    // The Auth service reads the same file when it starts (made here first if it is not there yet).
    authAdminSecret: authAdminSecretOf(config.dataDir),
    originArgs: shopOrigins.flatMap((origin) => ['--allowed-origin', origin]),
  };
  return [
    catalogService(context),
    ...paymentServices(context),
    ...firebaseEmulators(context),
    mailService(context),
    checkoutService(context),
    gatewayService(context),
  ];
}
