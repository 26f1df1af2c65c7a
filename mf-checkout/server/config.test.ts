import { ConfigError, loadConfig } from './config.ts';

const defaults = { sqlitePath: '/tmp/orders.db' };
const token = { INTERNAL_TOKEN: 'shared-with-catalogue' };

describe('configuration', () => {
  test('defaults give a working local service; only the shared stock token is required', () => {
    expect(loadConfig(token, defaults)).toEqual({
      production: false,
      port: 3102,
      host: '127.0.0.1',
      databaseUrl: undefined,
      sqlitePath: '/tmp/orders.db',
      catalogUrl: 'http://127.0.0.1:3101',
      internalToken: 'shared-with-catalogue',
      stripe: {
        secretKey: undefined,
        mockUrl: 'http://127.0.0.1:12111',
        localUrl: 'http://127.0.0.1:12112',
        webhookSecret: undefined,
        intentTimeoutSeconds: 1800,
      },
      firebase: { projectId: 'demo-storefront', authVerifyUrl: undefined, tokenKeysUrl: undefined },
      sessionSecret: undefined,
      recoveryAfterSeconds: 120,
      rateLimits: { checkoutPerMinute: 60, sessionPerMinute: 120, couponPerMinute: 120, ordersPerMinute: 300, passwordResetPerMinute: 10 },
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
    });
  });

  test('values are read, and empty ones count as unset', () => {
    const config = loadConfig(
      {
        ...token,
        PORT: '4000',
        DATABASE_URL: 'postgres://u@db:5432/shop',
        CATALOG_URL: 'http://catalog:3101/',
        STRIPE_SECRET_KEY: 'sk_test_abc123',
        FIREBASE_AUTH_VERIFY_URL: 'http://127.0.0.1:9099/storefront/v1/tokens:verify',
        SESSION_SECRET: '',
      },
      defaults,
    );
    expect(config).toMatchObject({
      port: 4000,
      databaseUrl: 'postgres://u@db:5432/shop',
      catalogUrl: 'http://catalog:3101',
      stripe: { secretKey: 'sk_test_abc123' },
      firebase: { authVerifyUrl: 'http://127.0.0.1:9099/storefront/v1/tokens:verify' },
      sessionSecret: undefined,
    });
  });

  test('mail: an SMTP URL, the sender, the shop and its public origin', () => {
    expect(
      loadConfig({ ...token, SMTP_URL: 'smtp://127.0.0.1:1025', PUBLIC_ORIGIN: 'https://shop.example/', MAIL_FROM: 'Shop <orders@shop.example>' }, defaults)
        .mail,
    ).toMatchObject({ smtpUrl: 'smtp://127.0.0.1:1025', from: 'Shop <orders@shop.example>', publicOrigin: 'https://shop.example' });
    expect(() => loadConfig({ ...token, SMTP_URL: 'http://127.0.0.1:1025' }, defaults)).toThrow(/SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => loadConfig({ ...token, FIREBASE_AUTH_EMULATOR_HOST: 'http://x' }, defaults)).toThrow(/FIREBASE_AUTH_EMULATOR_HOST must be host:port/);
    expect(loadConfig({ ...token, MAIL_SENT_RETENTION_DAYS: '90' }, defaults).mail.sentRetentionDays).toBe(90);
    expect(() => loadConfig({ ...token, MAIL_SENT_RETENTION_DAYS: '0' }, defaults)).toThrow(/MAIL_SENT_RETENTION_DAYS/);
    expect(() => loadConfig({ ...token, MAIL_SENT_RETENTION_DAYS: 'a month' }, defaults)).toThrow(/MAIL_SENT_RETENTION_DAYS/);
  });

  test("the local Auth service's admin API is reached with its administrator secret; production takes the project's service account", () => {
    const secret = 'a'.repeat(43);
    expect(loadConfig({ ...token, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', FIREBASE_AUTH_EMULATOR_SECRET: secret }, defaults).auth).toEqual({
      emulatorHost: '127.0.0.1:9099',
      emulatorSecret: secret,
      credentialsFile: undefined,
    });
    expect(() => loadConfig({ ...token, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }, defaults)).toThrow(
      "Invalid checkout service configuration: FIREBASE_AUTH_EMULATOR_HOST needs FIREBASE_AUTH_EMULATOR_SECRET (auth-admin.secret in the local Auth service's data folder)",
    );
    expect(() => loadConfig({ ...token, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', FIREBASE_AUTH_EMULATOR_SECRET: 'owner' }, defaults)).toThrow(
      /FIREBASE_AUTH_EMULATOR_SECRET must be at least 32 characters/,
    );
    expect(loadConfig({ ...token, FIREBASE_IDENTITY_TOOLKIT_URL: 'http://127.0.0.1:8123' }, defaults).firebase.identityToolkitUrl).toBe(
      'http://127.0.0.1:8123',
    );
  });

  test('bad values fail with one line naming each variable', () => {
    let error: unknown;
    try {
      loadConfig(
        { PORT: 'abc', CATALOG_URL: 'ftp://x', STRIPE_SECRET_KEY: 'pk_test_1', SESSION_SECRET: 'short', STRIPE_WEBHOOK_SECRET: 'sk_test_x' },
        defaults,
      );
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    expect(message).toMatch(/^Invalid checkout service configuration: /);
    for (const name of ['PORT', 'CATALOG_URL', 'INTERNAL_TOKEN', 'STRIPE_SECRET_KEY', 'SESSION_SECRET', 'STRIPE_WEBHOOK_SECRET']) {
      expect(message).toContain(name);
    }
    expect(message).toContain('INTERNAL_TOKEN is required (the same value as the catalogue service)');
  });

  test('production refuses the local stand-ins and demo projects, naming each', () => {
    expect(() =>
      loadConfig(
        {
          ...token,
          NODE_ENV: 'production',
          FIREBASE_AUTH_VERIFY_URL: 'http://127.0.0.1:9099/storefront/v1/tokens:verify',
          STRIPE_MOCK_URL: 'http://127.0.0.1:12111',
          LOCAL_STRIPE_URL: 'http://127.0.0.1:12112',
          FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
          FIREBASE_AUTH_EMULATOR_SECRET: 'a'.repeat(43),
        },
        defaults,
      ),
    ).toThrow(
      'Invalid checkout service configuration: SESSION_SECRET is required in production; STRIPE_SECRET_KEY is required in production; ' +
        'STRIPE_WEBHOOK_SECRET is required in production; LOCAL_STRIPE_URL (the local Stripe) must not be set in production; ' +
        'FIREBASE_AUTH_VERIFY_URL (the local Auth emulator) must not be set in production; STRIPE_MOCK_URL (the local Stripe) must not be set in production; ' +
        "PUBLIC_ORIGIN (the shop's public address, for the links in its mail) is required in production; " +
        'FIREBASE_AUTH_EMULATOR_HOST (the local Auth emulator) must not be set in production; ' +
        'FIREBASE_AUTH_EMULATOR_SECRET (the local Auth emulator) must not be set in production; ' +
        'FIREBASE_PROJECT_ID demo-storefront is a local demo project; production needs a real one',
    );
    const production = {
      ...token,
      NODE_ENV: 'production',
      SESSION_SECRET: 's'.repeat(32),
      STRIPE_SECRET_KEY: 'sk_live_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abcdefgh12345678',
      FIREBASE_PROJECT_ID: 'storefront-prod',
      PUBLIC_ORIGIN: 'https://shop.example',
    };
    expect(loadConfig(production, defaults)).toMatchObject({ production: true, firebase: { authVerifyUrl: undefined } });
  });
});
