// Load tests of the catalogue service: autocannon in this process, the service (one or several
// instances on one database) in children, on the seed catalogue and generated ones, SQLite and
// PostgreSQL; then the same requests through the gateway, and the varied reads again while checkouts
// reserve stock. The requests are built with the remote's own request code, so they stay the ones
// the screens send.
import { mkdirSync, rmSync, statSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import type { BenchOptions, Db, Size } from './args.ts';
import { onInterrupt, startChild } from './child.ts';
import { MemorySampler, processMemory } from './system.ts';
import { CARD_FIELDS, listUrl, suggestionUrl, type ListParams } from '../../mf-catalog/src/api/client.ts';
import { PRICE_RANGES, SORT_ORDER } from '../../mf-catalog/src/shop/queryState.ts';
import { COLORS } from '../../mf-catalog/server/products/model.ts';
import { SEED_CATEGORIES, VOCABULARY } from '../../mf-catalog/server/seed/vocabulary.ts';
import { fakeFrontEndEnv } from '../../shell/server/testing/fakeFrontEnds.ts';
import { presentProduct } from '../../mf-catalog/server/products/present.ts';
import { generateProduct } from '../../mf-catalog/server/seed/generator.ts';

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

/** A row measured through the gateway, judged against the service-alone row `reference` of the same run. */
export interface GatewayScenario {
  name: string;
  label: string;
  reference: string;
  path: string;
}

/** The gateway's rows: the two requests the issue names, each compared with the service alone. */
export const GATEWAY_SCENARIOS: readonly GatewayScenario[] = [
  { name: 'gateway-product', label: 'through the gateway: /products/1', reference: 'product', path: '/products/1' },
  { name: 'gateway-page', label: 'through the gateway: /products?limit=12&skip=12', reference: 'page', path: '/products?limit=12&skip=12' },
];

/** Where the gateway forwards catalogue requests. */
export const GATEWAY_PREFIX = '/api/catalog';

/** Words that occur in generated titles (the vocabulary's nouns), for the varied search row. */
const SEARCH_WORDS = [
  'chair',
  'lamp',
  'watch',
  'wallet',
  'sofa',
  'table',
  'fan',
  'kettle',
  'toaster',
  'jacket',
  'hoodie',
  'socks',
  'umbrella',
  'camera',
  'laptop',
  'speaker',
  'blender',
  'backpack',
  'sneakers',
  'bottle',
  'stool',
  'bookshelf',
  'beanie',
  'handbag',
  'tote',
  'microwave',
  'smartphone',
  'headphones',
  'sunglasses',
  'keychain',
  'coffee',
  'oak',
  'leather',
  'glass',
  'mini',
  'classic',
  'retro',
  'canvas',
  'steel',
  'wool',
];
const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
/** The search words long enough for a typo to be corrected (5+ letters). */
const TYPO_WORDS = SEARCH_WORDS.filter((word) => word.length >= 5);

/** One slip of a finger in a word of 5+ letters (within the one-edit budget): a swap, a dropped, doubled or wrong letter. */
export function misspell(word: string, random: () => number): string {
  const at = 1 + Math.floor(random() * (word.length - 2));
  switch (Math.floor(random() * 4)) {
    case 0:
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    case 1:
      return word.slice(0, at) + word.slice(at + 1);
    case 2:
      return word.slice(0, at) + word[at] + word.slice(at);
    default:
      return word.slice(0, at) + (word[at] === 'x' ? 'z' : 'x') + word.slice(at + 1);
  }
}

/** Several words a shopper combines: colour and kind, brand and kind, or style, colour and kind, in any order. */
function wordsQuery(random: () => number): string {
  const category = pick(random, SEED_CATEGORIES);
  const kind = pick(random, VOCABULARY[category].kinds);
  const noun = kind.noun.toLowerCase();
  const roll = random();
  if (roll < 0.4) return `${pick(random, COLORS).name} ${noun}`;
  if (roll < 0.7) return `${pick(random, VOCABULARY[category].brands).split(' ')[0]!.toLowerCase()} ${noun}`;
  return `${noun} ${pick(random, kind.modifiers).split(/[ -]/)[0]!.toLowerCase()} ${pick(random, COLORS).name}`;
}

/** The shop's word search (match=words): the search page (24, card fields, pages 1-5) or suggestions (8, the last word as a beginning). */
function wordSearchUrl(q: string, random: () => number): string {
  const params = new URLSearchParams({ q, match: 'words' });
  if (random() < 0.5) {
    params.set('prefix', 'on');
    params.set('limit', '8');
    params.set('select', CARD_FIELDS.join(','));
  } else {
    params.set('limit', '24');
    params.set('skip', String(24 * Math.floor(random() * 5)));
    params.set('select', CARD_FIELDS.join(','));
  }
  return `/products/search?${params.toString()}`;
}

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
      name: 'search-typos',
      label: `varied: word search (match=words) for one of ${TYPO_WORDS.length} words with a typo: search pages 1-5 (24) and suggestions (8, prefix)`,
      target: 'latency',
      varied: true,
      path: (random) => wordSearchUrl(misspell(pick(random, TYPO_WORDS), random), random),
    },
    {
      name: 'search-words',
      label: 'varied: word search (match=words) for 2-3 words: colour/brand/style and kind in any order, search pages 1-5 (24) and suggestions (8, prefix)',
      target: 'latency',
      varied: true,
      path: (random) => wordSearchUrl(wordsQuery(random), random),
    },
    {
      name: 'shop-any',
      label: 'varied: shop with random category/brand/price/colour/sort, pages 1-20, facets',
      target: 'latency',
      varied: true,
      path: (random) => {
        const { sortBy, order } = pick(random, SORTS);
        const range = random() < 0.7 ? pick(random, PRICE_RANGES) : null;
        const category = random() < 0.85 ? pick(random, SEED_CATEGORIES) : undefined;
        // The shop's brand filter lists the brands of the category shown.
        const brand = category && random() < 0.2 ? pick(random, VOCABULARY[category].brands) : undefined;
        return shopUrl({
          ...(category ? { category } : {}),
          ...(brand ? { brand } : {}),
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
  /** The highest RSS of the catalogue services (summed over instances) during the row. */
  peakRss: number;
  /** Gateway rows: the service-alone row of the same run they are judged against. */
  reference?: { scenario: string; requestsPerSec: number };
  /** Rows measured while checkouts reserve and commit stock: how many run at once, and how many completed a second. */
  checkouts?: { concurrent: number; perSecond: number };
}

export interface CatalogRun {
  db: Db;
  size: Size;
  /** Catalogue services on the one database, sharing the load. */
  instances: number;
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

async function load(urls: string[], connections: number, seconds: number, nextPath: (() => string) | null) {
  return autocannon({
    url: urls.length === 1 ? urls[0]! : urls,
    connections,
    duration: seconds,
    timeout: 10,
    ...(nextPath ? { requests: [{ setupRequest: (request: Record<string, unknown>) => ({ ...request, path: nextPath() }) }] } : {}),
  });
}

/** Internal token the bench's services share, so the checkout load may reserve stock. */
const INTERNAL_TOKEN = 'bench-internal-token';

/**
 * `concurrent` checkouts against the catalogue's stock API, each in a loop until stopped: reserve one
 * unit of a random product, wait 200 ms (the payment), commit. Counts the completed ones.
 */
function startCheckouts(bases: string[], products: number, concurrent: number, random: () => number) {
  let running = true;
  let completed = 0;
  /** Refusals by status ('error' when no answer): out-of-stock products answer 409, which a shop sees too. */
  const refused = new Map<string, number>();
  const refuse = (status: string) => refused.set(status, (refused.get(status) ?? 0) + 1);
  const post = (url: string, body?: unknown) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-internal-token': INTERNAL_TOKEN },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const loop = async (worker: number) => {
    for (let n = 0; running; n++) {
      const base = bases[(worker + n) % bases.length]!;
      const orderId = `bench-${process.pid}-${worker}-${n}`;
      try {
        const reserved = await post(`${base}/stock/reservations`, { orderId, lines: [{ productId: 1 + Math.floor(random() * products), quantity: 1 }] });
        await reserved.arrayBuffer();
        if (!reserved.ok) {
          refuse(String(reserved.status));
          continue;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
        const committed = await post(`${base}/stock/reservations/${orderId}/commit`);
        await committed.arrayBuffer();
        if (committed.ok) completed++;
        else refuse(String(committed.status));
      } catch {
        refuse('error');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  let since = performance.now();
  const workers = Array.from({ length: concurrent }, (_, i) => loop(i));
  return {
    /** Checkouts completed a second since the last call (or the start), and the refusals so far by status. */
    take(): { perSecond: number; refused: string } {
      const now = performance.now();
      const perSecond = completed / ((now - since) / 1000);
      completed = 0;
      since = now;
      return { perSecond, refused: [...refused].map(([status, n]) => `${n} x ${status}`).join(', ') };
    },
    async stop(): Promise<void> {
      running = false;
      await Promise.all(workers);
    },
  };
}

interface Measured {
  result: Awaited<ReturnType<typeof autocannon>>;
  peakRss: number;
}

/** Warm-up, then the recorded load, with the services' memory sampled. */
async function measure(ctx: Context, urls: string[], pids: number[], first: string, next: (() => string) | null): Promise<Measured> {
  const { options } = ctx;
  if (options.warmup > 0)
    await load(
      urls.map((url) => url + first),
      options.connections,
      options.warmup,
      next,
    );
  const samplers = pids.map((pid) => new MemorySampler(pid).start());
  const result = await load(
    urls.map((url) => url + first),
    options.connections,
    options.duration,
    next,
  );
  const peakRss = samplers.reduce((sum, sampler) => sum + sampler.stop(), 0);
  return { result, peakRss };
}

function row(db: Db, size: Size, scenario: Pick<Scenario, 'name' | 'label' | 'target' | 'varied'>, measured: Measured, firstMs: number | null): LoadResult {
  const { result, peakRss } = measured;
  return {
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
  };
}

/** Starts the gateway in front of the catalogue, with stand-ins for the front ends. */
async function startBenchGateway(ctx: Context, catalogUrl: string, port: number) {
  const dir = path.join(ctx.workDir, 'gateway');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // Limits off and no shared stores: what is measured is the proxy and its cache.
  const env = baseEnv();
  delete env.REDIS_URL;
  const gateway = startChild('gateway', process.execPath, [path.join(ctx.repoRoot, 'shell/server/main.ts')], {
    cwd: ctx.repoRoot,
    env: {
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      CATALOG_URL: catalogUrl,
      CHECKOUT_URL: 'http://127.0.0.1:9',
      ...fakeFrontEndEnv(dir),
      GATEWAY_WORKERS: String(ctx.options.gatewayWorkers),
      RATE_LIMIT_PER_MINUTE: '0',
      CATALOG_RATE_LIMIT_PER_MINUTE: '0',
    },
    logFile: path.join(ctx.workDir, 'gateway.log'),
  });
  await gateway.ready(`http://127.0.0.1:${port}${GATEWAY_PREFIX}/products/1`, { timeoutMs: 60_000 });
  return gateway;
}

async function benchOne(ctx: Context, db: Db, size: Size): Promise<CatalogRun> {
  const { options, log } = ctx;
  const products = size === 'seed' ? SEED_PRODUCTS : size;
  const name = size === 'seed' ? 'seed' : `n${size}`;
  const instances = options.instances;
  const run: CatalogRun = {
    db,
    size,
    instances,
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
      const generated = await runCli(
        ctx,
        `generate-${db}-${name}`,
        'mf-catalog/server/cli/generate.ts',
        ['--count', String(size), '--replace'],
        storage.env,
        60 * 60_000,
      );
      run.generateSeconds = generated.seconds;
      run.generatePeakRss = generated.peak;
      log(`[catalog] ${db}: generated in ${generated.seconds.toFixed(1)} s`);
    }

    const ports = Array.from({ length: instances }, (_, i) => options.basePort + 6 + i);
    const bases = ports.map((port) => `http://127.0.0.1:${port}`);
    const started = performance.now();
    const services = ports.map((port, i) =>
      startChild(`catalog-${db}-${name}-${i + 1}`, process.execPath, [path.join(ctx.repoRoot, 'mf-catalog/server/main.ts')], {
        cwd: ctx.repoRoot,
        env: {
          ...baseEnv(),
          ...storage.env,
          HOST: '127.0.0.1',
          PORT: String(port),
          SEED_PRODUCTS: String(SEED_PRODUCTS),
          CATALOG_SEED: String(CATALOG_SEED),
          INTERNAL_TOKEN,
        },
        logFile: path.join(ctx.workDir, `catalog-${db}-${name}-${i + 1}.log`),
      }),
    );
    const pids = services.map((service) => service.pid);
    const checkAlive = () => {
      const dead = services.find((service) => !service.alive());
      if (dead) throw new Error(`a catalogue service died; its log ends:\n${dead.tail()}`);
    };
    try {
      // One at a time: the first creates or checks the schema, the others find it ready.
      for (let i = 0; i < services.length; i++) await services[i]!.ready(`${bases[i]}/products/categories`, { timeoutMs: 10 * 60_000, when: 'answers' });
      run.startSeconds = (performance.now() - started) / 1000;
      run.databaseBytes = await storage.bytes();
      run.rssIdle = pids.reduce((sum, pid) => sum + (processMemory(pid)?.rss ?? 0), 0) || null;
      const random = randomStream(0x5eed);
      const record = (result: LoadResult, extra = '') => {
        run.results.push(result);
        log(
          `[catalog] ${db} ${name} ${result.scenario}: ${Math.round(result.requestsPerSec)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors + result.timeouts + result.non2xx}${extra}`,
        );
      };
      const all = scenarios(products).filter((scenario) => options.varied || !scenario.varied);
      for (const scenario of all) {
        checkAlive();
        let firstMs: number | null = null;
        if (!scenario.varied) {
          const t0 = performance.now();
          const response = await fetch(bases[0] + scenario.path(random));
          await response.arrayBuffer();
          firstMs = performance.now() - t0;
          if (!response.ok) throw new Error(`${scenario.label} answered ${response.status}`);
        }
        const next = scenario.varied ? () => scenario.path(random) : null;
        record(row(db, size, scenario, await measure(ctx, bases, pids, scenario.path(random), next), firstMs));
      }

      if (options.gateway) {
        const gateway = await startBenchGateway(ctx, bases[0]!, options.basePort + 9);
        try {
          for (const scenario of GATEWAY_SCENARIOS) {
            checkAlive();
            const reference = run.results.find((result) => result.scenario === scenario.reference);
            const measured = await measure(ctx, [`http://127.0.0.1:${options.basePort + 9}${GATEWAY_PREFIX}`], pids, scenario.path, null);
            const result = row(db, size, { ...scenario, target: 'throughput', varied: false }, measured, null);
            if (reference) result.reference = { scenario: reference.scenario, requestsPerSec: reference.requestsPerSec };
            record(result, reference ? ` (${Math.round((100 * result.requestsPerSec) / reference.requestsPerSec)} % of the service alone)` : '');
          }
        } finally {
          await gateway.stop(10_000);
        }
      }

      if (options.checkouts > 0 && options.varied) {
        const checkouts = startCheckouts(bases, products, options.checkouts, randomStream(0xc0ffee));
        try {
          for (const scenario of all.filter((s) => s.varied)) {
            checkAlive();
            const measured = await measure(ctx, bases, pids, scenario.path(random), () => scenario.path(random));
            const { perSecond, refused } = checkouts.take();
            const result = row(
              db,
              size,
              { ...scenario, name: `${scenario.name}+checkouts`, label: `${scenario.label}, while ${options.checkouts} checkouts run` },
              measured,
              null,
            );
            result.checkouts = { concurrent: options.checkouts, perSecond };
            record(result, `, ${perSecond.toFixed(0)} checkouts/s${refused ? ` (refused so far: ${refused})` : ''}`);
          }
        } finally {
          await checkouts.stop();
        }
      }
      run.rssPeak = pids.reduce((sum, pid) => sum + (processMemory(pid)?.peak ?? 0), 0) || null;
    } finally {
      await Promise.all(services.map((service) => service.stop(10_000)));
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
    const { seconds, peak } = await runCli(
      ctx,
      `import-${db}`,
      'mf-catalog/server/cli/import.ts',
      [file, '--replace'],
      { ...storage.env, SEED_PRODUCTS: '0' },
      60 * 60_000,
    );
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
