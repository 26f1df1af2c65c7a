import { IMPORT_BODY_LIMIT } from 'service-kit/body-limits';
import { z } from 'zod';
import { isCategorySlug } from './products/model.ts';
import { SEED_CATEGORIES } from './seed/vocabulary.ts';

export interface CatalogConfig {
  port: number;
  host: string;
  /** Prometheus metrics on a listener of their own (main.ts): none when port is undefined. */
  metrics: { port: number | undefined; host: string };
  /** PostgreSQL is used when set; the SQLite file otherwise. */
  databaseUrl: string | null;
  /** A read replica of databaseUrl for listings and products; reservations and writes stay on databaseUrl. */
  databaseReadUrl: string | null;
  /** Connections per PostgreSQL pool (primary, and replica when set). */
  databasePoolSize: number;
  databaseSchema: string;
  sqlitePath: string;
  /** Secret the checkout service sends as x-internal-token; the stock API refuses every call while unset. */
  internalToken: string | null;
  /**
   * Bearer token of the catalogue's administrators: POST /products/add, PUT/PATCH/DELETE /products/:id
   * change the catalogue only with it; while unset they are refused.
   */
  adminToken: string | null;
  /**
   * Staff ID tokens (the back office): checked with the local Auth service when authVerifyUrl is set
   * (the embedded default), otherwise against Google's keys for the project (production). A staff
   * write asks the role the account holds now of the same local Auth service, or of the project with
   * the service account of credentialsFile.
   */
  firebase: { projectId: string; authVerifyUrl: string | null; tokenKeysUrl: string | null; credentialsFile: string | null; identityToolkitUrl: string | null };
  /** Limits of one import job (POST /products/imports): bytes of a file sent, and records of any source. */
  importLimits: { maxBytes: number; maxRecords: number };
  /**
   * Origins an import from a URL may read although they are not public addresses (a deliberate
   * internal source); every other import reads public addresses only (importer/sourceAddresses.ts).
   */
  importAllowedOrigins: string[];
  /**
   * The categories the shop's header menu offers, in its order (the spec's six by default). They are
   * marked with their position in /products/categories when the catalogue holds them.
   */
  menuCategories: string[];
  /** Where the browser finds this service's images, e.g. "/api/catalog" behind the gateway. */
  publicImageBase: string;
  /** Where the browser finds this service's API, used for the category urls. */
  publicApiBase: string;
  /** The shop's public origin, for absolute addresses in the sitemaps. */
  siteUrl: string;
  /** Seed of the deterministic catalogue generator. */
  seed: number;
  /** Products generated on first start when the catalogue is empty; 0 starts empty. */
  seedProducts: number;
  /** Most products one response may carry; limit=0 ("all") is capped to it. */
  maxLimit: number;
  /**
   * How long totals and facet counts may be reused. Stock changes never affect them; products
   * written by another process (the CLIs) show in counts after at most this long.
   */
  countCacheTtlMs: number;
  /** Products kept in memory as ready JSON; 0 turns that cache off. */
  productCacheSize: number;
  /**
   * How long a product's JSON may be reused. Writes through this service (stock reservations and
   * releases) drop it at once; writes by another process show after at most this long.
   */
  productCacheTtlMs: number;
  /** On SIGTERM: how long /readyz says 503 before the listener closes, so load balancers stop sending first. */
  shutdownDelayMs: number;
  /** On SIGTERM: how long requests in flight may take to finish before the process exits regardless. */
  shutdownGraceMs: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const text = (name: string) => z.string({ error: `${name} is required` }).trim();

const integer = (name: string, min: number, max: number) =>
  text(name).transform((raw, ctx) => {
    const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      ctx.issues.push({ code: 'custom', input: raw, message: `${name} must be an integer from ${min} to ${max} (got '${raw}')` });
      return z.NEVER;
    }
    return value;
  });

// "" (site root), a root-relative path or an absolute http(s) URL; stored without a trailing slash.
const publicBase = (name: string) =>
  text(name)
    .refine((raw) => raw === '' || raw.startsWith('/') || /^https?:\/\/[^/]+/.test(raw), {
      error: (issue) => `${name} must be a path starting with '/' or an http(s) URL (got '${String(issue.input)}')`,
    })
    .transform((raw) => raw.replace(/\/+$/, ''));

/** Scheme, host and port only: no path, query, fragment or credentials. */
function isOrigin(raw: string): boolean {
  if (!URL.canParse(raw)) return false;
  const url = new URL(raw);
  return /^https?:$/.test(url.protocol) && !url.username && !url.password && url.pathname === '/' && !url.search && !url.hash;
}

const postgresUrl = (name: string) =>
  text(name).refine((raw) => /^postgres(ql)?:\/\/./.test(raw) && URL.canParse(raw), {
    error: `${name} must be a postgres:// or postgresql:// URL`,
  });

const schema = z.object({
  PORT: integer('PORT', 0, 65535).default(3101),
  HOST: text('HOST').min(1).default('127.0.0.1'),
  DATABASE_URL: postgresUrl('DATABASE_URL').optional(),
  DATABASE_READ_URL: postgresUrl('DATABASE_READ_URL').optional(),
  DATABASE_POOL_SIZE: integer('DATABASE_POOL_SIZE', 1, 200).default(10),
  DATABASE_SCHEMA: text('DATABASE_SCHEMA')
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, { error: 'DATABASE_SCHEMA must be a lower-case SQL identifier (letters, digits, _)' })
    .default('public'),
  SQLITE_PATH: text('SQLITE_PATH').min(1).optional(),
  INTERNAL_TOKEN: text('INTERNAL_TOKEN').min(8, { error: 'INTERNAL_TOKEN must be at least 8 characters' }).optional(),
  CATALOG_ADMIN_TOKEN: text('CATALOG_ADMIN_TOKEN').min(16, { error: 'CATALOG_ADMIN_TOKEN must be at least 16 characters' }).optional(),
  FIREBASE_PROJECT_ID: text('FIREBASE_PROJECT_ID')
    .regex(/^[a-z0-9-]{4,40}$/, { error: 'FIREBASE_PROJECT_ID must be a Firebase project id (lower-case letters, digits, dashes)' })
    .default('demo-storefront'),
  // Development: the local Auth service that says whether it issued an (unsigned) emulator token.
  FIREBASE_AUTH_VERIFY_URL: text('FIREBASE_AUTH_VERIFY_URL')
    .refine((raw) => URL.canParse(raw) && /^https?:$/.test(new URL(raw).protocol), { error: 'FIREBASE_AUTH_VERIFY_URL must be an http(s) URL' })
    .optional(),
  FIREBASE_TOKEN_KEYS_URL: text('FIREBASE_TOKEN_KEYS_URL')
    .refine((raw) => URL.canParse(raw) && /^https?:$/.test(new URL(raw).protocol), { error: 'FIREBASE_TOKEN_KEYS_URL must be an http(s) URL' })
    .optional(),
  // Production: a service account key of the project, to ask a staff member's current role before each write.
  GOOGLE_APPLICATION_CREDENTIALS: text('GOOGLE_APPLICATION_CREDENTIALS').min(1).optional(),
  // Google's Identity Toolkit unless set (tests stand in for Google).
  FIREBASE_IDENTITY_TOOLKIT_URL: text('FIREBASE_IDENTITY_TOOLKIT_URL')
    .refine((raw) => URL.canParse(raw) && /^https?:$/.test(new URL(raw).protocol), { error: 'FIREBASE_IDENTITY_TOOLKIT_URL must be an http(s) URL' })
    .optional(),
  // The gateway reads the same variable and refuses a larger file itself (shell/server/bodyLimits.ts).
  IMPORT_MAX_BYTES: integer('IMPORT_MAX_BYTES', 1024, 512 * 1024 * 1024).default(IMPORT_BODY_LIMIT),
  IMPORT_MAX_RECORDS: integer('IMPORT_MAX_RECORDS', 1, 10_000_000).default(100_000),
  // Internal sources an import may read (imports read public addresses only): origins, comma-separated.
  IMPORT_ALLOWED_ORIGINS: text('IMPORT_ALLOWED_ORIGINS')
    .transform((raw, ctx) => {
      const origins = raw
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const bad = origins.filter((entry) => !isOrigin(entry));
      if (bad.length > 0) {
        ctx.issues.push({
          code: 'custom',
          input: raw,
          message: `IMPORT_ALLOWED_ORIGINS must be http(s) origins separated by commas, such as http://pim.internal:8080 (got '${bad.join("', '")}')`,
        });
        return z.NEVER;
      }
      return origins.map((entry) => new URL(entry).origin);
    })
    .optional(),
  MENU_CATEGORIES: text('MENU_CATEGORIES')
    .transform((raw) =>
      raw
        .split(',')
        .map((slug) => slug.trim())
        .filter(Boolean),
    )
    .refine((slugs) => slugs.every(isCategorySlug), { error: 'MENU_CATEGORIES must be category slugs separated by commas, e.g. furniture,home-decoration' })
    .default([...SEED_CATEGORIES]),
  PUBLIC_IMAGE_BASE: publicBase('PUBLIC_IMAGE_BASE').default('/api/catalog'),
  PUBLIC_API_BASE: publicBase('PUBLIC_API_BASE').default('/api/catalog'),
  // The shop's public address (scheme, host, port): the sitemaps name pages with it.
  SITE_URL: text('SITE_URL')
    .refine((raw) => URL.canParse(raw) && /^https?:$/.test(new URL(raw).protocol) && new URL(raw).pathname === '/' && !new URL(raw).search, {
      error: (issue) => `SITE_URL must be an http(s) origin such as https://shop.example (got '${String(issue.input)}')`,
    })
    .transform((raw) => new URL(raw).origin)
    .optional(),
  CATALOG_SEED: integer('CATALOG_SEED', 0, 2 ** 32 - 1).default(20261121),
  SEED_PRODUCTS: integer('SEED_PRODUCTS', 0, 100_000).default(180),
  MAX_LIMIT: integer('MAX_LIMIT', 1, 100_000).default(1000),
  COUNT_CACHE_TTL_MS: integer('COUNT_CACHE_TTL_MS', 0, 86_400_000).default(60_000),
  PRODUCT_CACHE_SIZE: integer('PRODUCT_CACHE_SIZE', 0, 1_000_000).default(20_000),
  PRODUCT_CACHE_TTL_MS: integer('PRODUCT_CACHE_TTL_MS', 0, 86_400_000).default(5_000),
  SHUTDOWN_DELAY_MS: integer('SHUTDOWN_DELAY_MS', 0, 120_000).default(0),
  SHUTDOWN_GRACE_MS: integer('SHUTDOWN_GRACE_MS', 100, 600_000).default(10_000),
  // Prometheus metrics, never on the API's port: unset, none; 0 picks a free port (decision 0032).
  METRICS_PORT: integer('METRICS_PORT', 0, 65535).optional(),
  METRICS_HOST: text('METRICS_HOST').min(1).default('127.0.0.1'),
  // The one production switch of every process of the shop.
  NODE_ENV: text('NODE_ENV').optional(),
});

/** Every variable the service reads (deployment files are checked against it). */
export const variableNames: readonly string[] = Object.keys(schema.shape);

/**
 * Reads the service configuration from environment variables. Empty variables count as unset.
 * Throws a ConfigError whose message is one line naming every bad value.
 */
export function loadConfig(env: Record<string, string | undefined>, defaults: { sqlitePath: string }): CatalogConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(`Invalid catalogue configuration: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
  }
  const c = parsed.data;
  if (c.DATABASE_READ_URL && !c.DATABASE_URL) {
    throw new ConfigError('Invalid catalogue configuration: DATABASE_READ_URL needs DATABASE_URL (the primary that takes the writes)');
  }
  if (c.NODE_ENV === 'production' && !c.SITE_URL) {
    // Sitemaps naming localhost would send crawlers nowhere.
    throw new ConfigError("Invalid catalogue configuration: SITE_URL is required in production (the shop's public address, for the sitemaps)");
  }
  if (c.NODE_ENV === 'production' && c.FIREBASE_AUTH_VERIFY_URL) {
    // The local Auth service vouches for unsigned tokens: production accepts real signatures only.
    throw new ConfigError('Invalid catalogue configuration: FIREBASE_AUTH_VERIFY_URL (the local Auth emulator) must not be set in production');
  }
  if (c.NODE_ENV === 'production' && !c.INTERNAL_TOKEN) {
    // A development catalogue may run without a checkout; a production one would sell nothing.
    throw new ConfigError('Invalid catalogue configuration: INTERNAL_TOKEN is required in production (without it the stock API refuses the checkout service)');
  }
  return {
    port: c.PORT,
    host: c.HOST,
    metrics: { port: c.METRICS_PORT, host: c.METRICS_HOST },
    databaseUrl: c.DATABASE_URL ?? null,
    databaseReadUrl: c.DATABASE_READ_URL ?? null,
    databasePoolSize: c.DATABASE_POOL_SIZE,
    databaseSchema: c.DATABASE_SCHEMA,
    sqlitePath: c.SQLITE_PATH ?? defaults.sqlitePath,
    internalToken: c.INTERNAL_TOKEN ?? null,
    adminToken: c.CATALOG_ADMIN_TOKEN ?? null,
    firebase: {
      projectId: c.FIREBASE_PROJECT_ID,
      authVerifyUrl: c.FIREBASE_AUTH_VERIFY_URL ?? null,
      tokenKeysUrl: c.FIREBASE_TOKEN_KEYS_URL ?? null,
      credentialsFile: c.GOOGLE_APPLICATION_CREDENTIALS ?? null,
      identityToolkitUrl: c.FIREBASE_IDENTITY_TOOLKIT_URL ?? null,
    },
    importLimits: { maxBytes: c.IMPORT_MAX_BYTES, maxRecords: c.IMPORT_MAX_RECORDS },
    importAllowedOrigins: c.IMPORT_ALLOWED_ORIGINS ?? [],
    menuCategories: c.MENU_CATEGORIES,
    publicImageBase: c.PUBLIC_IMAGE_BASE,
    publicApiBase: c.PUBLIC_API_BASE,
    siteUrl: c.SITE_URL ?? 'http://localhost:3000',
    seed: c.CATALOG_SEED,
    seedProducts: c.SEED_PRODUCTS,
    maxLimit: c.MAX_LIMIT,
    countCacheTtlMs: c.COUNT_CACHE_TTL_MS,
    productCacheSize: c.PRODUCT_CACHE_SIZE,
    productCacheTtlMs: c.PRODUCT_CACHE_TTL_MS,
    shutdownDelayMs: c.SHUTDOWN_DELAY_MS,
    shutdownGraceMs: c.SHUTDOWN_GRACE_MS,
  };
}
