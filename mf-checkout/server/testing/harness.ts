import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCheckoutServer, type CheckoutServer, type CheckoutServerDeps } from '../app.ts';
import type { CheckoutConfig } from '../config.ts';
import { type CurrentRoles, type IdTokenVerifier, InvalidIdTokenError } from 'service-kit/firebase-auth';
import { openPostgresRepository } from '../storage/postgres.ts';
import type { OrderRepository } from '../storage/repository.ts';
import { openSqliteRepository } from '../storage/sqlite.ts';
import type { FakeCatalog } from './fakeCatalog.ts';
import { createTestSchema } from './postgres.ts';

export type Backend = 'sqlite' | 'postgres';
export const backends: Backend[] = ['sqlite', 'postgres'];

export interface TestStorage {
  repository: OrderRepository;
  /** A second, independent connection to the same storage, as another service instance has. */
  reopen(): Promise<OrderRepository>;
  /** Runs SQL on the storage directly (a test's trigger, say), beside the repository. */
  exec(sql: string): Promise<void>;
  /** Where a child process opens the same storage: a SQLite file, or a PostgreSQL URL and schema. */
  location: { sqlitePath: string } | { databaseUrl: string; schema: string };
  cleanup(): Promise<void>;
}

/** A fresh, empty repository on a temporary SQLite file or a throw-away PostgreSQL schema. */
export async function openTestRepository(backend: Backend): Promise<TestStorage> {
  const extra: OrderRepository[] = [];
  const closeExtra = () => Promise.all(extra.map((repository) => repository.close()));
  if (backend === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'checkout-test-'));
    const file = path.join(dir, 'orders.db');
    const repository = await openSqliteRepository(file);
    return {
      repository,
      async reopen() {
        extra.push(await openSqliteRepository(file));
        return extra.at(-1)!;
      },
      async exec(sql) {
        const db = new DatabaseSync(file);
        try {
          db.exec(sql);
        } finally {
          db.close();
        }
      },
      location: { sqlitePath: file },
      async cleanup() {
        await closeExtra();
        await repository.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = await createTestSchema();
  const open = () => openPostgresRepository({ connectionString: schema.url, schema: schema.schema, maxConnections: 20 });
  const repository = await open();
  return {
    repository,
    async reopen() {
      extra.push(await open());
      return extra.at(-1)!;
    },
    async exec(sql) {
      const client = new pg.Client({ connectionString: schema.url, options: `-c search_path=${schema.schema}` });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    },
    location: { databaseUrl: schema.url, schema: schema.schema },
    async cleanup() {
      await closeExtra();
      await repository.close();
      await schema.drop();
    },
  };
}

export function testConfig(overrides: Partial<CheckoutConfig> = {}): CheckoutConfig {
  return {
    production: false,
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    sqlitePath: ':memory:',
    catalogUrl: 'http://127.0.0.1:9',
    internalToken: 'test-internal-token-123',
    stripe: { secretKey: undefined, mockUrl: 'http://127.0.0.1:9', localUrl: 'http://127.0.0.1:9', webhookSecret: undefined, intentTimeoutSeconds: 1800 },
    firebase: { projectId: 'demo-storefront', authVerifyUrl: undefined, tokenKeysUrl: undefined },
    sessionSecret: 'test-session-secret-0123456789abcdef',
    recoveryAfterSeconds: 120,
    rateLimits: { checkoutPerMinute: 0, sessionPerMinute: 0, couponPerMinute: 0, ordersPerMinute: 0, passwordResetPerMinute: 0 },
    redisUrl: undefined,
    shutdownDelayMs: 0,
    shutdownGraceMs: 10_000,
    mail: {
      smtpUrl: undefined,
      from: 'Storefront <shop@storefront.localhost>',
      shopName: 'Storefront',
      publicOrigin: 'http://localhost:3000',
      maxAttempts: 10,
      retryBaseMs: 5_000,
      retryMaxMs: 300_000,
      pollMs: 1_000,
      sentRetentionDays: 30,
    },
    auth: { emulatorHost: undefined, credentialsFile: undefined },
    ...overrides,
  };
}

/** Accepts "id-token:<uid>:<email>"; stands in for Firebase where the emulator is not under test. */
export const fakeVerifier: IdTokenVerifier = {
  async verify(idToken) {
    const [kind, uid, email] = idToken.split(':');
    if (kind !== 'id-token' || !uid) throw new InvalidIdTokenError('not a test token');
    return { uid, email: email ?? null, exp: Math.floor(Date.now() / 1000) + 3600 };
  },
};

/** The role a test token names is the account's role now: the stand-in where revocation is not under test. */
export const rolesAsTokensSay: CurrentRoles = { roleOf: async (identity) => identity.role ?? null };

export interface TestServer {
  url: string;
  server: CheckoutServer;
  stop(): Promise<void>;
}

/** The service on a random loopback port, wired to the fake catalogue and the given Stripe mock. */
export async function startTestServer(options: {
  repository: OrderRepository;
  catalog: FakeCatalog;
  stripeMockUrl: string;
  /** The local Stripe for PaymentIntents, and the secret its webhooks are signed with. */
  localStripe?: { url: string; webhookSecret: string };
  config?: Partial<CheckoutConfig>;
  deps?: CheckoutServerDeps;
}): Promise<TestServer> {
  const config = testConfig({
    catalogUrl: options.catalog.url,
    internalToken: options.catalog.token,
    stripe: {
      secretKey: undefined,
      mockUrl: options.stripeMockUrl,
      localUrl: options.localStripe?.url ?? 'http://127.0.0.1:9',
      webhookSecret: options.localStripe?.webhookSecret,
      intentTimeoutSeconds: 1800,
    },
    ...options.config,
  });
  const server = await createCheckoutServer(config, {
    repository: options.repository,
    verifier: fakeVerifier,
    currentRoles: rolesAsTokensSay,
    recoveryIntervalMs: 0,
    ...options.deps,
  });
  const url = await server.listen();
  return {
    url,
    server,
    stop: () => server.close(),
  };
}

export interface JsonAnswer {
  status: number;
  body: any;
  headers: Headers;
}

export async function request(
  url: string,
  init: { method?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<JsonAnswer> {
  const headers: Record<string, string> = { ...init.headers };
  let body: string | undefined = init.rawBody;
  if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(url, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Left as text: the assertion will show it.
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

export function billing(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    country: 'United Kingdom',
    street: '12 St James Square',
    city: 'London',
    postCode: 'SW1Y 4JH',
    phone: '+44 20 7946 0000',
    email: 'ada@example.com',
    ...overrides,
  };
}

/** A valid /save-stripe-token body; prices in lines are what a tampering client might add. */
export function checkoutBody(overrides: Record<string, unknown> = {}) {
  return {
    token: { id: 'tok_visa', object: 'token', card: { brand: 'Visa', last4: '4242' } },
    email: 'ada@example.com',
    lines: [{ id: 1, qun: 2, price: 0.01 }],
    billing: billing(),
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}
