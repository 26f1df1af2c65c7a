// `npm run soak`: the long reliability runs, kept out of the normal test suite.
//
//   1. load: the whole storefront (npm start's stack, on ports of its own, fresh data) under
//      SOAK_SHOPPERS simulated shoppers (200) for SOAK_SECONDS (60) on loopback: pages, catalogue
//      API, remote configuration and manifests, images, and card checkouts for a fraction of them.
//      Zero errors expected; p50/p99 per kind of request and the throughput are printed. Afterwards
//      every answered payment must be a paid order and the catalogue's stock must have moved by
//      exactly what was bought.
//   2. concurrency: mf-checkout's two-instance PostgreSQL test, widened to 1000 checkouts for 50.
//   3. fuzz: the three hostile-input tests with 20,000 requests each (per backend for the services).
//
// SOAK_PHASES=load,concurrency,fuzz picks phases; SOAK_PORT_BASE (8500) moves every port of the
// stack (tools/stack/stackPorts.ts); FUZZ_SEED replays a fuzz run (a random seed, printed, otherwise);
// SOAK_MARKDOWN=1 prints the tables as Markdown (docs/reliability.md). Exit code 1 on any failure.
import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCleanups } from '../bench/child.ts';
import { runNode } from '../kit/processes.ts';
import { machineInfo } from '../bench/system.ts';
import { fixed, grouped, renderMarkdown, renderText, type Table } from '../bench/table.ts';
import { latencyRows, loadChecks, readStoresAfterLoad, type LatencyRow } from './afterLoad.ts';
import { runLoad, type CatalogueView } from './load.ts';
import { describeRenders, renderDelta, renderFigures, type RenderFigures } from './renderCount.ts';
import { startSoakStack } from './soakStack.ts';
import { stackPortsAt } from '../stack/stackPorts.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const env = process.env;
const SHOPPERS = Number(env.SOAK_SHOPPERS ?? 200);
const SECONDS = Number(env.SOAK_SECONDS ?? 60);
const CHECKOUT_CHANCE = Number(env.SOAK_CHECKOUT_CHANCE ?? 0.05);
const PORT_BASE = Number(env.SOAK_PORT_BASE ?? 8500);
const PHASES = new Set((env.SOAK_PHASES ?? 'load,concurrency,fuzz').split(',').map((phase) => phase.trim()));
const render = env.SOAK_MARKDOWN === '1' ? renderMarkdown : renderText;
const log = (line: string) => console.error(`[soak] ${line}`);

const ports = stackPortsAt(PORT_BASE);

/** The load phase's two tables: latency per kind of request, and the consistency checks. */
function loadTables(
  rows: LatencyRow[],
  checks: [string, boolean, string][],
  seconds: number,
  startSeconds: number,
  firstErrors: string[],
  renders: string,
): Table[] {
  const total = rows.at(-1)!.count;
  const machine = machineInfo(env.CHROMIUM_PATH ?? '/usr/bin/chromium');
  return [
    {
      title: `Whole storefront under load: ${SHOPPERS} simulated shoppers for ${seconds.toFixed(0)} s through the gateway on loopback (${machine.cpu}, ${machine.cores} cores; load generator in the same machine), ${grouped(total / seconds)} requests/s in total`,
      columns: ['request', 'count', 'errors', 'req/s', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms'],
      numeric: [false, true, true, true, true, true, true, true],
      rows: rows.map((row) => [
        row.kind,
        grouped(row.count),
        row.errors,
        grouped(row.count / seconds),
        fixed(row.p50, 1),
        fixed(row.p90, 1),
        fixed(row.p99, 1),
        fixed(row.max, 0),
      ]),
      notes: [
        'Each shopper loops without think time: /, /shop?category=, /remotes.json, a remote manifest, the shop listing API (facets), /shop/{id}, the product API, its image, a search suggestion; and pays for one item with tok_visa in about 5% of rounds (plentiful products only, never more than their stock).',
        'Pages are the shell (remote bundles are immutable, cached by browsers). The per-client checkout limit is off for this run: every shopper comes from 127.0.0.1.',
        renders,
        `Stack start (build check, six processes) ${startSeconds.toFixed(1)} s. ${firstErrors.length ? `First errors: ${firstErrors.slice(0, 5).join(' | ')}` : ''}`,
      ],
    },
    {
      title: 'Load: consistency afterwards',
      columns: ['check', 'result', 'detail'],
      rows: checks.map(([what, ok, detail]) => [what, ok ? 'pass' : 'FAIL', detail]),
    },
  ];
}

/** The gateway's render figures from its metrics port (never the shop's). */
async function gatewayRenders(): Promise<RenderFigures> {
  return renderFigures(await (await fetch(`http://127.0.0.1:${ports.gatewayMetrics}/metrics`)).text());
}

async function loadPhase(workDir: string): Promise<{ ok: boolean; tables: Table[] }> {
  const dataDir = path.join(workDir, 'data');
  mkdirSync(dataDir, { recursive: true });
  log(`starting the stack on ${ports.gateway} (builds the front ends first if their sources changed)…`);
  const stackStarted = Date.now();
  const stack = startSoakStack(repoRoot, PORT_BASE, workDir, dataDir);
  try {
    const base = `http://127.0.0.1:${ports.gateway}`;
    await stack.ready(`${base}/remotes.json`, { timeoutMs: 600_000, when: 'answers' });
    const startSeconds = (Date.now() - stackStarted) / 1000;
    log(`stack ready in ${startSeconds.toFixed(1)} s`);

    const catalogue: CatalogueView = {
      products: ((await (await fetch(`${base}/api/catalog/products?limit=0`)).json()) as { products: CatalogueView['products'] }).products,
      remotes: ((await (await fetch(`${base}/remotes.json`)).json()) as { remotes: Record<string, string> }).remotes,
    };
    const stockBefore = new Map(catalogue.products.map((product) => [product.id, product.stock]));
    const rendersBefore = await gatewayRenders();
    log(`${SHOPPERS} shoppers for ${SECONDS} s against ${catalogue.products.length} products…`);
    const result = await runLoad({
      base,
      shoppers: SHOPPERS,
      durationMs: SECONDS * 1000,
      checkoutChance: CHECKOUT_CHANCE,
      catalogue,
      timeoutMs: 30_000,
      onError: (line) => log(`error: ${line}`),
    });
    const seconds = result.elapsedMs / 1000;
    const renders = describeRenders(
      renderDelta(rendersBefore, await gatewayRenders()),
      [...result.samples].filter(([kind]) => kind.startsWith('page ')).reduce((sum, [, times]) => sum + times.length, 0),
    );
    log(renders);

    // Every answered payment is a paid order; the stock moved by exactly what was bought.
    const stores = readStoresAfterLoad(dataDir);
    const stackAlive = stack.alive();
    const rows = latencyRows(result);
    const checks = loadChecks(result, rows.at(-1)!.errors, stackAlive, stockBefore, stores);
    return { ok: checks.every(([, ok]) => ok), tables: loadTables(rows, checks, seconds, startSeconds, result.firstErrors, renders) };
  } finally {
    log('stopping the stack…');
    await stack.stop(10_000);
  }
}

/** Runs one jest file of a package with extra environment; answers whether it passed and its summary lines. */
function jest(pkg: string, file: string, extraEnv: Record<string, string>): Promise<{ ok: boolean; seconds: number; lines: string[] }> {
  const started = Date.now();
  const child = runNode(path.join(repoRoot, 'node_modules/jest/bin/jest.js'), {
    args: ['--ci', file],
    cwd: path.join(repoRoot, pkg),
    env: { ...env, ...extraEnv },
  });
  return child.exited.then((code) => {
    const output = child.output();
    const lines = output
      .split('\n')
      .filter((line) => /fuzz on|fuzz \(|concurrent checkouts for|Tests:|✕/.test(line))
      .map((line) => line.trim());
    if (code !== 0) log(`${pkg}/${file} failed:\n${output.slice(-4000)}`);
    return { ok: code === 0, seconds: (Date.now() - started) / 1000, lines };
  });
}

async function main(): Promise<number> {
  const workDir = path.join(os.tmpdir(), `storefront-soak-${process.pid}`);
  mkdirSync(workDir, { recursive: true });
  const stop = () => void runCleanups().then(() => process.exit(130));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  let ok = true;
  const tables: Table[] = [];
  try {
    if (PHASES.has('load')) {
      const load = await loadPhase(workDir);
      ok &&= load.ok;
      tables.push(...load.tables);
    }
    const runs: { what: string; pkg: string; file: string; env: Record<string, string> }[] = [];
    if (PHASES.has('concurrency')) {
      runs.push({
        what: '1000 concurrent checkouts for stock 50, two checkout instances, PostgreSQL',
        pkg: 'mf-checkout',
        file: 'server/orders/concurrency.reliability.test.ts',
        env: { CONCURRENT_CHECKOUTS: '1000', CONCURRENT_STOCK: '50' },
      });
    }
    if (PHASES.has('fuzz')) {
      const seed = env.FUZZ_SEED ?? String(Date.now() % 100_000);
      // Printed first, so even a run that is stopped half-way can be replayed.
      log(`fuzz seed ${seed} (FUZZ_SEED=${seed} npm run soak replays it)`);
      const fuzz = { FUZZ_REQUESTS: '20000', FUZZ_SEED: seed };
      runs.push(
        { what: 'catalogue fuzz, 20,000 per backend', pkg: 'mf-catalog', file: 'server/http/hostileInput.fuzz.test.ts', env: fuzz },
        { what: 'checkout fuzz, 20,000 per backend', pkg: 'mf-checkout', file: 'server/http/hostileInput.fuzz.test.ts', env: fuzz },
        { what: 'gateway fuzz, 20,000', pkg: 'shell', file: 'server/gateway.fuzz.test.ts', env: fuzz },
      );
    }
    const rows: string[][] = [];
    for (const run of runs) {
      log(`${run.what}…`);
      const result = await jest(run.pkg, run.file, run.env);
      ok &&= result.ok;
      rows.push([run.what, result.ok ? 'pass' : 'FAIL', `${result.seconds.toFixed(1)} s`, result.lines.join(' / ')]);
    }
    if (rows.length) tables.push({ title: 'Long runs of the reliability tests', columns: ['run', 'result', 'time', 'figures'], rows });
  } finally {
    await runCleanups();
    // The stack's log stays for a failed run.
    if (ok) rmSync(workDir, { recursive: true, force: true });
    else log(`logs kept in ${workDir}`);
  }
  for (const table of tables) console.log(render(table));
  console.log(`\n[soak] ${ok ? 'PASSED' : 'FAILED'}`);
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    console.error(`[soak] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    await runCleanups();
    process.exit(1);
  },
);
