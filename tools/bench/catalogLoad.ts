// Load tests of the catalogue service: autocannon in this process, the service (one or several
// instances on one database) in children, on the seed catalogue and generated ones, SQLite and
// PostgreSQL; then the same requests through the gateway, and the varied reads again while checkouts
// reserve stock. The requests are built with the remote's own request code, so they stay the ones
// the screens send.
import { rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Db, Size } from './args.ts';
import { startCheckouts } from './catalogCheckouts.ts';
import { measure, row, type LoadResult } from './catalogMeasure.ts';
import { CATALOG_SEED, runCli, SEED_PRODUCTS, startBenchGateway, startCatalogServices } from './catalogProcesses.ts';
import type { CatalogContext } from './catalogContext.ts';
import { GATEWAY_PREFIX, GATEWAY_SCENARIOS, randomStream, scenarios, type Scenario } from '../../mf-catalog/bench/scenarios.ts';
import { storageFor, type Storage } from './catalogStorage.ts';
import { processMemory } from './system.ts';
import { presentProduct } from '../../mf-catalog/server/products/present.ts';
import { generateProduct } from '../../mf-catalog/server/seed/generator.ts';

export type { LoadResult } from './catalogMeasure.ts';
export { GATEWAY_PREFIX, GATEWAY_SCENARIOS, misspell, scenarios, shopUrl, type GatewayScenario, type Scenario } from '../../mf-catalog/bench/scenarios.ts';

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
  /** From starting the services until every one answered /readyz: store opened and word index built. */
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

/** One run's catalogue services, ready, and how its rows are checked and recorded. */
interface RunningBench {
  ctx: CatalogContext;
  db: Db;
  size: Size;
  products: number;
  bases: string[];
  pids: number[];
  random: () => number;
  results: LoadResult[];
  checkAlive(): void;
  record(result: LoadResult, extra?: string): void;
}

/** `catalog:generate --count N --replace` into the storage, timed. */
async function generateCatalog(ctx: CatalogContext, db: Db, size: number, name: string, storage: Storage, run: CatalogRun): Promise<void> {
  ctx.log(`[catalog] ${db}: generating ${size.toLocaleString('en-US')} products (catalog:generate --count ${size} --replace)…`);
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
  ctx.log(`[catalog] ${db}: generated in ${generated.seconds.toFixed(1)} s`);
}

/** The service-alone rows; a fixed row times its very first request too. */
async function measureServiceRows(bench: RunningBench, all: Scenario[]): Promise<void> {
  const { ctx, db, size, bases, pids, random } = bench;
  for (const scenario of all) {
    bench.checkAlive();
    let firstMs: number | null = null;
    if (!scenario.varied) {
      const t0 = performance.now();
      const response = await fetch(bases[0] + scenario.path(random));
      await response.arrayBuffer();
      firstMs = performance.now() - t0;
      if (!response.ok) throw new Error(`${scenario.label} answered ${response.status}`);
    }
    const next = scenario.varied ? () => scenario.path(random) : null;
    bench.record(row(db, size, scenario, await measure(ctx, bases, pids, scenario.path(random), next), firstMs));
  }
}

/** The gateway's rows, each against its service-alone row. */
async function measureGatewayRows(bench: RunningBench): Promise<void> {
  const { ctx, db, size, bases, pids } = bench;
  const { options } = ctx;
  const gateway = await startBenchGateway(ctx, bases[0]!, options.basePort + 9);
  try {
    for (const scenario of GATEWAY_SCENARIOS) {
      bench.checkAlive();
      const reference = bench.results.find((result) => result.scenario === scenario.reference);
      const measured = await measure(ctx, [`http://127.0.0.1:${options.basePort + 9}${GATEWAY_PREFIX}`], pids, scenario.path, null);
      const result = row(db, size, { ...scenario, target: 'throughput', varied: false }, measured, null);
      if (reference) result.reference = { scenario: reference.scenario, requestsPerSec: reference.requestsPerSec };
      bench.record(result, reference ? ` (${Math.round((100 * result.requestsPerSec) / reference.requestsPerSec)} % of the service alone)` : '');
    }
  } finally {
    await gateway.stop(10_000);
  }
}

/** The varied rows again while checkouts reserve and commit stock. */
async function measureUnderCheckouts(bench: RunningBench, varied: Scenario[]): Promise<void> {
  const { ctx, db, size, bases, pids, random, products } = bench;
  const { options } = ctx;
  const checkouts = startCheckouts(bases, products, options.checkouts, randomStream(0xc0ffee));
  try {
    for (const scenario of varied) {
      bench.checkAlive();
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
      bench.record(result, `, ${perSecond.toFixed(0)} checkouts/s${refused ? ` (refused so far: ${refused})` : ''}`);
    }
  } finally {
    await checkouts.stop();
  }
}

/** Starts the services on the storage, waits for them, and measures every row of the run into it. */
async function measureRun(ctx: CatalogContext, db: Db, size: Size, name: string, storage: Storage, run: CatalogRun): Promise<void> {
  const { options, log } = ctx;
  const started = performance.now();
  const { services, bases, pids } = startCatalogServices(ctx, db, name, storage);
  try {
    // One at a time: the first creates or checks the schema, the others find it ready. Ready, not
    // only answering: a service listens before its word index is built, and a row measured before
    // that would time the substring search word searches get meanwhile.
    for (let i = 0; i < services.length; i++) await services[i]!.ready(`${bases[i]}/readyz`, { timeoutMs: 10 * 60_000 });
    run.startSeconds = (performance.now() - started) / 1000;
    run.databaseBytes = await storage.bytes();
    run.rssIdle = pids.reduce((sum, pid) => sum + (processMemory(pid)?.rss ?? 0), 0) || null;
    const bench: RunningBench = {
      ctx,
      db,
      size,
      products: run.products,
      bases,
      pids,
      random: randomStream(0x5eed),
      results: run.results,
      checkAlive() {
        const dead = services.find((service) => !service.alive());
        if (dead) throw new Error(`a catalogue service died; its log ends:\n${dead.tail()}`);
      },
      record(result, extra = '') {
        run.results.push(result);
        log(
          `[catalog] ${db} ${name} ${result.scenario}: ${Math.round(result.requestsPerSec)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors + result.timeouts + result.non2xx}${extra}`,
        );
      },
    };
    const all = scenarios(run.products).filter((scenario) => options.varied || !scenario.varied);
    await measureServiceRows(bench, all);
    if (options.gateway) await measureGatewayRows(bench);
    if (options.checkouts > 0 && options.varied)
      await measureUnderCheckouts(
        bench,
        all.filter((s) => s.varied),
      );
    run.rssPeak = pids.reduce((sum, pid) => sum + (processMemory(pid)?.peak ?? 0), 0) || null;
  } finally {
    await Promise.all(services.map((service) => service.stop(10_000)));
  }
}

/** One catalogue (size) on one database: generated, served, measured, removed; an error ends the run and is kept in it. */
async function benchOne(ctx: CatalogContext, db: Db, size: Size): Promise<CatalogRun> {
  const products = size === 'seed' ? SEED_PRODUCTS : size;
  const name = size === 'seed' ? 'seed' : `n${size}`;
  const run: CatalogRun = {
    db,
    size,
    instances: ctx.options.instances,
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
    if (size !== 'seed') await generateCatalog(ctx, db, size, name, storage, run);
    await measureRun(ctx, db, size, name, storage, run);
  } catch (error) {
    run.error = (error as Error).message;
    ctx.log(`[catalog] ${db} ${name}: ${run.error}`);
  } finally {
    await storage.remove();
  }
  return run;
}

/** Times the DummyJSON importer (catalog:import --replace) on a file of `count` products in DummyJSON's shape. */
async function benchImport(ctx: CatalogContext, db: Db, file: string, fileBytes: number, count: number): Promise<ImportRun> {
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

export async function benchCatalog(ctx: CatalogContext): Promise<{ runs: CatalogRun[]; imports: ImportRun[] }> {
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
