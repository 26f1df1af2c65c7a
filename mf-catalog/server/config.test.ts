import { ConfigError, loadConfig } from './config.ts';

const defaults = { sqlitePath: '/data/catalog.db' };

describe('config', () => {
  it('has working defaults', () => {
    expect(loadConfig({}, defaults)).toEqual({
      port: 3101,
      host: '127.0.0.1',
      metrics: { port: undefined, host: '127.0.0.1' },
      databaseUrl: null,
      databaseReadUrl: null,
      databasePoolSize: 10,
      databaseSchema: 'public',
      sqlitePath: '/data/catalog.db',
      internalToken: null,
      adminToken: null,
      firebase: { projectId: 'demo-storefront', authVerifyUrl: null, tokenKeysUrl: null, credentialsFile: null, identityToolkitUrl: null },
      importLimits: { maxBytes: 16 * 1024 * 1024, maxRecords: 100_000 },
      importAllowedOrigins: [],
      menuCategories: ['accessories', 'furniture', 'electronics', 'clothing', 'bags', 'home-appliances'],
      publicImageBase: '/api/catalog',
      publicApiBase: '/api/catalog',
      siteUrl: 'http://localhost:3000',
      seed: 20261121,
      seedProducts: 180,
      shutdownDelayMs: 0,
      shutdownGraceMs: 10_000,
      maxLimit: 1000,
      countCacheTtlMs: 60000,
      productCacheSize: 20000,
      productCacheTtlMs: 5000,
    });
  });

  it('reads the internal sources an import may read as origins', () => {
    expect(
      loadConfig({ IMPORT_ALLOWED_ORIGINS: ' http://PIM.internal:8080/ , https://10.0.0.5:443,http://[::1]:4100' }, defaults).importAllowedOrigins,
    ).toEqual(['http://pim.internal:8080', 'https://10.0.0.5', 'http://[::1]:4100']);
  });

  it('serves metrics only when METRICS_PORT is set, on loopback unless told otherwise', () => {
    expect(loadConfig({ METRICS_PORT: '9465' }, defaults).metrics).toEqual({ port: 9465, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '', METRICS_HOST: '0.0.0.0' }, defaults).metrics).toEqual({ port: undefined, host: '0.0.0.0' });
    expect(() => loadConfig({ METRICS_PORT: 'x' }, defaults)).toThrow(ConfigError);
  });

  it('reads and normalises values; empty variables count as unset', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        DATABASE_URL: 'postgres://u@db:5432/shop',
        PUBLIC_IMAGE_BASE: 'https://cdn.example.com/catalog/',
        PUBLIC_API_BASE: '/',
        INTERNAL_TOKEN: '',
      },
      defaults,
    );
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u@db:5432/shop',
      publicImageBase: 'https://cdn.example.com/catalog',
      publicApiBase: '',
      internalToken: null,
    });
  });

  it('refuses to start in production without the token the checkout service sends, or without its public address', () => {
    const site = { SITE_URL: 'https://shop.example' };
    expect(() => loadConfig({ NODE_ENV: 'production', ...site }, defaults)).toThrow('INTERNAL_TOKEN is required in production');
    expect(() => loadConfig({ NODE_ENV: 'production', INTERNAL_TOKEN: 'a-long-token' }, defaults)).toThrow('SITE_URL is required in production');
    expect(loadConfig({ NODE_ENV: 'production', INTERNAL_TOKEN: 'a-long-token', ...site }, defaults)).toMatchObject({
      internalToken: 'a-long-token',
      siteUrl: 'https://shop.example',
    });
    expect(loadConfig({ NODE_ENV: 'development' }, defaults).internalToken).toBeNull();
    // The local Auth service vouches for unsigned tokens: never a way in for staff in production.
    const verify = { FIREBASE_AUTH_VERIFY_URL: 'http://127.0.0.1:9099/storefront/v1/tokens:verify' };
    expect(() => loadConfig({ NODE_ENV: 'production', INTERNAL_TOKEN: 'a-long-token', ...site, ...verify }, defaults)).toThrow(
      'FIREBASE_AUTH_VERIFY_URL (the local Auth emulator) must not be set in production',
    );
  });

  it.each([
    [{ PORT: 'eighty' }, "PORT must be an integer from 0 to 65535 (got 'eighty')"],
    [{ PORT: '70000' }, 'PORT must be an integer from 0 to 65535'],
    [{ FIREBASE_PROJECT_ID: 'My Shop' }, 'FIREBASE_PROJECT_ID must be a Firebase project id'],
    [{ FIREBASE_AUTH_VERIFY_URL: 'ftp://auth' }, 'FIREBASE_AUTH_VERIFY_URL must be an http(s) URL'],
    [{ IMPORT_MAX_RECORDS: '0' }, 'IMPORT_MAX_RECORDS must be an integer from 1 to 10000000'],
    [{ SITE_URL: 'https://shop.example/store' }, "SITE_URL must be an http(s) origin such as https://shop.example (got 'https://shop.example/store')"],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres:// or postgresql:// URL'],
    [{ DATABASE_SCHEMA: 'drop table' }, 'DATABASE_SCHEMA must be a lower-case SQL identifier'],
    [{ INTERNAL_TOKEN: 'short' }, 'INTERNAL_TOKEN must be at least 8 characters'],
    [{ CATALOG_ADMIN_TOKEN: 'admin' }, 'CATALOG_ADMIN_TOKEN must be at least 16 characters'],
    [{ MENU_CATEGORIES: 'furniture,Home Decor' }, 'MENU_CATEGORIES must be category slugs separated by commas'],
    [{ PUBLIC_IMAGE_BASE: 'images' }, "PUBLIC_IMAGE_BASE must be a path starting with '/' or an http(s) URL (got 'images')"],
    [{ MAX_LIMIT: '0' }, 'MAX_LIMIT must be an integer from 1 to 100000'],
    [{ DATABASE_READ_URL: 'postgres://replica/shop' }, 'DATABASE_READ_URL needs DATABASE_URL'],
    [{ DATABASE_URL: 'postgres://db/shop', DATABASE_READ_URL: 'http://replica' }, 'DATABASE_READ_URL must be a postgres:// or postgresql:// URL'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE must be an integer from 1 to 200'],
    [
      { IMPORT_ALLOWED_ORIGINS: 'http://pim.internal:8080, pim.internal,http://user:pw@10.0.0.5,https://x.example/feed' },
      "IMPORT_ALLOWED_ORIGINS must be http(s) origins separated by commas, such as http://pim.internal:8080 (got 'pim.internal', 'http://user:pw@10.0.0.5', 'https://x.example/feed')",
    ],
  ])('rejects %p with a one-line message', (env, message) => {
    let error: unknown;
    try {
      loadConfig(env, defaults);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(message);
    expect((error as Error).message).toMatch(/^Invalid catalogue configuration: [^\n]+$/);
  });
});
