// Load tests of the catalogue service on its own (no gateway): autocannon in this process, the
// service in a child, on the seed catalogue and generated ones, SQLite and PostgreSQL. The requests
// are built with the remote's own request code, so they stay the ones the screens send.
import { mkdirSync, rmSync, statSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import type { BenchOptions, Db, Size } from '../../tools/bench/args.ts';
import { onInterrupt, startChild } from '../../tools/bench/child.ts';
import { MemorySampler, processMemory } from '../../tools/bench/system.ts';
import { CARD_FIELDS, listUrl, suggestionUrl, type ListParams } from '../src/api/client.ts';
import { PRICE_RANGES, SORT_ORDER } from '../src/shop/queryState.ts';
import { COLORS } from '../server/products/model.ts';
import { SEED_CATEGORIES } from '../server/seed/vocabulary.ts';
import { presentProduct } from '../server/products/present.ts';
import { generateProduct } from '../server/seed/generator.ts';

const SEED_PRODUCTS = 180;
const CATALOG_SEED = 20261121;
const SORTS = Object.values(SORT_ORDER);

export interface Scenario {
  name: string;
  /** What the row shows, e.g. the path or a description of the varied paths. */
  label: string;
  /** 'throughput' rows are judged by req/s, 'latency' rows by p99. */
  target: 'throughput' | 'latency' | null;
  varied: boolean;
  path: (random: () => number) => string;
}

/** Words that occur in generated titles (the vocabulary's nouns), for the varied search row. */
const SEARCH_WORDS = [
  'chair', 'lamp', 'watch', 'wallet', 'sofa', 'table', 'fan', 'kettle', 'toaster', 'jacket', 'hoodie', 'socks',
  'umbrella', 'camera', 'laptop', 'speaker', 'blender', 'backpack', 'sneakers', 'bottle', 'stool', 'bookshelf',
  'beanie', 'handbag', 'tote', 'microwave', 'smartphone', 'headphones', 'sunglasses', 'keychain', 'coffee', 'oak',
  'leather', 'glass', 'mini', 'classic', 'retro', 'canvas', 'steel', 'wool',
];
const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** The shop page's request (the listing with card fields and facets), as the service sees it. */
export function shopUrl(params: Omit<ListParams, 'select' | 'facets' | 'q'>): string {
  return listUrl({ ...params, select: CARD_FIELDS, facets: true }, '');
}

export function scenarios(products: number): Scenario[] {
  const shop = shopUrl({ category: 'furniture', minPrice: 20, maxPrice: 29.99, sortBy: 'rating', order: 'desc', limit: 12 });
  return [
    { name: 'product', label: '/products/1', target: 'throughput', varied: false, path: () => '/products/1' },
    { name: 'page', label: '/products?limit=12&skip=12', target: 'latency', varied: false, path: () => '/products?limit=12&skip=12' },
    { name: 'search', label: '/products/search?q=phone', target: 'latency', varied: false, path: () => '/products/search?q=phone' },
    {
      name: 'shop',
      label: 'shop: furniture, $20-29.99, best seller, 12/page, card fields, facets',
      target: 'latency',
      varied: false,
      path: () => shop,
    },
    {
      name: 'product-any',
      label: `varied: /products/{random id of ${products.toLocaleString('en-US')}}`,
      target: 'throughput',
      varied: true,
      path: (random) => `/products/${1 + Math.floor(random() * products)}`,
    },
    {
      name: 'search-any',
      label: `varied: ${SEARCH_WORDS.length} words: suggestions as typed (3+ letters, 8) and search pages 1-20 (24)`,
      target: 'latency',
      varied: true,
      path: (random) => {
        const word = pick(random, SEARCH_WORDS);
        if (random() < 0.5) {
          // The header search box: a prefix of what is being typed, 8 suggestions.
          const typed = word.slice(0, 3 + Math.floor(random() * (word.length - 2)));
          return suggestionUrl(typed, '');
        }
        // The /search page: 24 per page, card fields, id order.
        return listUrl({ q: word, limit: 24, skip: 24 * Math.floor(random() * 20), select: CARD_FIELDS }, '');
      },
    },
    {
      name: 'shop-any',
      label: 'varied: shop with random category/price/colour/sort, pages 1-20, facets',
      target: 'latency',
      varied: true,
      path: (random) => {
        const { sortBy, order } = pick(random, SORTS);
        const range = random() < 0.7 ? pick(random, PRICE_RANGES) : null;
        return shopUrl({
          ...(random() < 0.85 ? { category: pick(random, SEED_CATEGORIES) } : {}),
          ...(random() < 0.3 ? { color: pick(random, COLORS).name } : {}),
          ...(range ? { minPrice: range.min, maxPrice: range.max } : {}),
          sortBy,
          order,
          limit: 12,
          skip: 12 * Math.floor(random() * 20),
        });
      },
    },
  ];
}

export interface LoadResult {
  db: Db;
  size: Size;
  scenario: string;
  label: string;
  target: Scenario['target'];
  varied: boolean;
  requestsPerSec: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Latency of the very first request, before any cache held anything for it (fixed rows only). */
  firstMs: number | null;
  bytesPerSec: number;
  peakRss: number;
}

export interface CatalogRun {
  db: Db;
  size: Size;
  products: number;
  /** Wall time of `catalog:generate --count N --replace` (generate + bulk load + indexes). */
  generateSeconds: number | null;
  generatePeakRss: number | null;
  databaseBytes: number | null;
  startSeconds: number;
  rssIdle: number | null;
  rssPeak: number | null;
  results: LoadResult[];
  error?: string;
}

export interface ImportRun {
  db: Db;
  products: number;
  fileBytes: number;
  seconds: number | null;
  peakRss: number | null;
  error?: string;
}

interface Context {
  options: BenchOptions;
  repoRoot: string;
  workDir: string;
  log: (line: string) => void;
}

/** A deterministic random stream, so every run asks for the same varied URLs. */
function randomStream(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Where one catalogue lives, how to point the service and the CLIs at it, and how to remove it. */
interface Storage {
  env: Record<string, string>;
  bytes(): Promise<number | null>;
  remove(): Promise<void>;
}

async function withPg<T>(url: string, body: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await body(client);
  } finally {
    await client.end();
  }
}

function storageFor(ctx: Context, db: Db, name: string): Storage {
  if (db === 'sqlite') {
    const dir = path.join(ctx.workDir, `sqlite-${name}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'catalog.db');
    const remove = async () => rmSync(dir, { recursive: true, force: true });
    onInterrupt(remove);
    return {
      env: { SQLITE_PATH: file },
      async bytes() {
        return ['', '-wal'].reduce((sum, suffix) => sum + (existsSync(file + suffix) ? statSync(file + suffix).size : 0), 0);
      },
      remove,
    };
  }
  const schema = `bench_${name}_${process.pid}`.replace(/[^a-z0-9_]/g, '_');
  const url = ctx.options.databaseUrl;
  const remove = () =>
    withPg(url, (client) => client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)).then(
      () => undefined,
      (error: unknown) => console.error(`[bench] could not drop schema ${schema}: ${(error as Error).message}`),
    );
  onInterrupt(remove);
  return {
    env: { DATABASE_URL: url, DATABASE_SCHEMA: schema },
    async bytes() {
      return withPg(url, async (client) => {
        const result = await client.query<{ n: string }>(
          `SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
           WHERE s.nspname = $1 AND c.relkind = 'r'`,
          [schema],
        );
        return Number(result.rows[0]?.n ?? 0);
      });
    },
    remove,
  };
}

function baseEnv(): Record<string, string | undefined> {
  // The bench's own environment, minus anything that would point the service somewhere else.
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATABASE_SCHEMA', 'SQLITE_PATH', 'PORT', 'HOST', 'SEED_PRODUCTS', 'CATALOG_SEED']) delete env[name];
  return env;
}

/** Runs a catalogue CLI to completion, timing it and sampling its memory. */
async function runCli(ctx: Context, name: string, script: string, args: string[], env: Record<string, string>, timeoutMs: number) {
  const child = startChild(name, process.execPath, [path.join(ctx.repoRoot, script), ...args], {
    cwd: ctx.repoRoot,
    env: { ...baseEnv(), ...env, CATALOG_SEED: String(CATALOG_SEED) },
    logFile: path.join(ctx.workDir, `${name}.log`),
  });
  const sampler = new MemorySampler(child.pid).start(250);
  const started = performance.now();
  const timer = setTimeout(() => void child.stop(10_000), timeoutMs);
  const code = await child.exited;
  clearTimeout(timer);
  const seconds = (performance.now() - started) / 1000;
  const peak = sampler.stop();
  if (code !== 0) throw new Error(`${name} failed (exit ${code}); its log ends:\n${child.tail()}`);
  return { seconds, peak };
}

async function load(url: string, connections: number, seconds: number, nextPath: (() => string) | null) {
  return autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 10,
    ...(nextPath ? { requests: [{ setupRequest: (request: Record<string, unknown>) => ({ ...request, path: nextPath() }) }] } : {}),
  });
}

async function benchOne(ctx: Context, db: Db, size: Size): Promise<CatalogRun> {
  const { options, log } = ctx;
  const products = size === 'seed' ? SEED_PRODUCTS : size;
  const name = size === 'seed' ? 'seed' : `n${size}`;
  const run: CatalogRun = {
    db,
    size,
    products,
    generateSeconds: null,
    generatePeakRss: null,
    databaseBytes: null,
    startSeconds: 0,
    rssIdle: null,
    rssPeak: null,
    results: [],
  };
  const storage = storageFor(ctx, db, name);
  try {
    if (size !== 'seed') {
      log(`[catalog] ${db}: generating ${products.toLocaleString('en-US')} products (catalog:generate --count ${size} --replace)…`);
      const generated = await runCli(ctx, `generate-${db}-${name}`, 'mf-catalog/server/cli/generate.ts', ['--count', String(size), '--replace'], storage.env, 60 * 60_000);
      run.generateSeconds = generated.seconds;
      run.generatePeakRss = generated.peak;
      log(`[catalog] ${db}: generated in ${generated.seconds.toFixed(1)} s`);
    }

    const port = options.basePort + 6;
    const base = `http://127.0.0.1:${port}`;
    const started = performance.now();
    const service = startChild(`catalog-${db}-${name}`, process.execPath, [path.join(ctx.repoRoot, 'mf-catalog/server/main.ts')], {
      cwd: ctx.repoRoot,
      env: { ...baseEnv(), ...storage.env, HOST: '127.0.0.1', PORT: String(port), SEED_PRODUCTS: String(SEED_PRODUCTS), CATALOG_SEED: String(CATALOG_SEED) },
      logFile: path.join(ctx.workDir, `catalog-${db}-${name}.log`),
    });
    try {
      await service.ready(`${base}/products/categories`, { timeoutMs: 10 * 60_000, when: 'answers' });
      run.startSeconds = (performance.now() - started) / 1000;
      run.databaseBytes = await storage.bytes();
      run.rssIdle = processMemory(service.pid)?.rss ?? null;
      const random = randomStream(0x5eed);
      for (const scenario of scenarios(products)) {
        if (scenario.varied && !options.varied) continue;
        if (!service.alive()) throw new Error(`the catalogue service died; its log ends:\n${service.tail()}`);
        let firstMs: number | null = null;
        if (!scenario.varied) {
          const t0 = performance.now();
          const response = await fetch(base + scenario.path(random));
          await response.arrayBuffer();
          firstMs = performance.now() - t0;
          if (!response.ok) throw new Error(`${scenario.label} answered ${response.status}`);
        }
        const next = scenario.varied ? () => scenario.path(random) : null;
        if (options.warmup > 0) await load(base + scenario.path(random), options.connections, options.warmup, next);
        const sampler = new MemorySampler(service.pid).start();
        const result = await load(base + scenario.path(random), options.connections, options.duration, next);
        const peakRss = sampler.stop();
        run.results.push({
          db,
          size,
          scenario: scenario.name,
          label: scenario.label,
          target: scenario.target,
          varied: scenario.varied,
          requestsPerSec: result.requests.average,
          p50: result.latency.p50,
          p90: result.latency.p90,
          p99: result.latency.p99,
          max: result.latency.max,
          errors: result.errors,
          timeouts: result.timeouts,
          non2xx: result.non2xx,
          firstMs,
          bytesPerSec: result.throughput.average,
          peakRss,
        });
        log(
          `[catalog] ${db} ${name} ${scenario.name}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors + result.non2xx}`,
        );
      }
      run.rssPeak = processMemory(service.pid)?.peak ?? null;
    } finally {
      await service.stop(10_000);
    }
  } catch (error) {
    run.error = (error as Error).message;
    log(`[catalog] ${db} ${name}: ${run.error}`);
  } finally {
    await storage.remove();
  }
  return run;
}

/** Times the DummyJSON importer (catalog:import --replace) on a file of `count` products in DummyJSON's shape. */
async function benchImport(ctx: Context, db: Db, file: string, fileBytes: number, count: number): Promise<ImportRun> {
  const storage = storageFor(ctx, db, `import${count}`);
  try {
    ctx.log(`[catalog] ${db}: importing ${count.toLocaleString('en-US')} products from a DummyJSON file (catalog:import --replace)…`);
    const { seconds, peak } = await runCli(ctx, `import-${db}`, 'mf-catalog/server/cli/import.ts', [file, '--replace'], { ...storage.env, SEED_PRODUCTS: '0' }, 60 * 60_000);
    return { db, products: count, fileBytes, seconds, peakRss: peak };
  } catch (error) {
    return { db, products: count, fileBytes, seconds: null, peakRss: null, error: (error as Error).message };
  } finally {
    await storage.remove();
  }
}

function writeDummyJsonFile(file: string, count: number): number {
  const products = Array.from({ length: count }, (_, i) => presentProduct(generateProduct(CATALOG_SEED, i + 1), '/api/catalog'));
  writeFileSync(file, JSON.stringify({ products, total: count, skip: 0, limit: count }));
  return statSync(file).size;
}

export async function benchCatalog(ctx: Context): Promise<{ runs: CatalogRun[]; imports: ImportRun[] }> {
  const runs: CatalogRun[] = [];
  for (const db of ctx.options.dbs) {
    for (const size of ctx.options.sizes) runs.push(await benchOne(ctx, db, size));
  }
  const imports: ImportRun[] = [];
  if (ctx.options.importCount > 0 && ctx.options.sizes.some((size) => size !== 'seed')) {
    const file = path.join(ctx.workDir, 'dummyjson-products.json');
    const bytes = writeDummyJsonFile(file, ctx.options.importCount);
    try {
      for (const db of ctx.options.dbs) imports.push(await benchImport(ctx, db, file, bytes, ctx.options.importCount));
    } finally {
      rmSync(file, { force: true });
    }
  }
  return { runs, imports };
}
