// `npm run bench -- --only inp`: this build against a previous one (`--against`, previousBuild.ts), in
// Chromium with the CPU slowed 4x. Both stacks run at once on their own ports and every measurement
// alternates between them, so the machine's load falls on both alike: first the long tasks of a
// first load on the four Lighthouse routes, then the INP of the four interactions of issue #44.
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import type { BenchOptions } from './args.ts';
import { startChild } from './child.ts';
import { AFTER_LIVE_MS, CPU_THROTTLING, INTERACTIONS, measureInteraction, measureLoad, type LoadSample } from './browserProbe.ts';
import { CHROMIUM, ROUTES } from './lighthouse.ts';
import { checkoutCommit, defaultAgainst, resolveCommit } from './previousBuild.ts';
import { fixed, verdict, type Table } from './table.ts';
import { stackPortEnv } from '../stack/stackPorts.ts';

/** Issue #44's target for every interaction, at 4x CPU throttling. */
export const INP_TARGET_MS = 100;
/** The previous build's stack sits this far above this build's (a stack spans 200 ports). */
const PREVIOUS_OFFSET = 200;

type Build = 'previous' | 'this';

export interface InteractionsReport {
  against: { ref: string; commit: string; why: string };
  /** The commit measured as this build (`--build`); null: the working tree. */
  build: string | null;
  runs: number;
  loadAverage: { start: number[]; end: number[] };
  loads: { route: string; build: Build; samples: LoadSample[]; errors: string[] }[];
  interactions: { name: string; build: Build; inp: (number | null)[]; errors: string[] }[];
  error?: string;
}

interface Context {
  options: BenchOptions;
  repoRoot: string;
  workDir: string;
  log: (line: string) => void;
}

const loadAverage = () => os.loadavg().map((value) => Math.round(value * 100) / 100);

/** One stack, this checkout's or the previous build's, with its ports moved to `base`. */
function startStack(ctx: Context, build: Build, root: string, base: number) {
  const dataDir = path.join(ctx.workDir, `${build}-data`);
  mkdirSync(dataDir, { recursive: true });
  const stack = startChild(`${build} stack`, process.execPath, [path.join(root, 'tools/stack/start.ts')], {
    cwd: root,
    env: {
      ...process.env,
      ...stackPortEnv(base),
      DATA_DIR: dataDir,
      // A release registry of its own: a developer's promoted releases never replace the build measured.
      RELEASES_DIR: path.join(dataDir, 'releases'),
      SKIP_BUILD: '0',
      DATABASE_URL: undefined,
      // Every page load comes from 127.0.0.1: per-address limits would count the bench as one shopper.
      RATE_LIMIT_PER_MINUTE: '0',
      CATALOG_RATE_LIMIT_PER_MINUTE: '0',
    },
    logFile: path.join(ctx.workDir, `${build}-stack.log`),
  });
  return { stack, base: `http://localhost:${base}` };
}

/** A commit checked out in its worktree, its front ends built with its own build script (stale ones only). */
async function checkoutAndBuild(ctx: Context, build: Build, commit: string): Promise<string> {
  const { dir } = checkoutCommit(ctx.repoRoot, commit);
  ctx.log(`[inp] ${build} build: ${commit.slice(0, 9)}, building its front ends in ${path.relative(ctx.repoRoot, dir)} (stale ones only)…`);
  const child = startChild(`${build} build`, process.execPath, [path.join(dir, 'tools/stack/build.ts')], {
    cwd: dir,
    env: { ...process.env },
    logFile: path.join(ctx.workDir, `${build}-build.log`),
  });
  const code = await child.exited;
  if (code !== 0) throw new Error(`building the ${build} front ends failed (exit ${code}):\n${child.tail()}`);
  return dir;
}

/** `runs` rounds, each measuring both builds, which of them first alternating round by round. */
async function alternate(runs: number, measure: (build: Build) => Promise<void>): Promise<void> {
  for (let round = 0; round < runs; round++) {
    for (const build of round % 2 === 0 ? (['previous', 'this'] as const) : (['this', 'previous'] as const)) await measure(build);
  }
}

export async function benchInteractions(ctx: Context, runs: number): Promise<InteractionsReport> {
  const { options, repoRoot, log } = ctx;
  const chosen = options.against ? { ref: options.against, why: 'given with --against' } : defaultAgainst(repoRoot);
  const commit = resolveCommit(repoRoot, chosen.ref);
  const built = options.build === null ? null : resolveCommit(repoRoot, options.build);
  const report: InteractionsReport = {
    against: { ...chosen, commit },
    build: built,
    runs,
    loadAverage: { start: loadAverage(), end: [] },
    loads: [],
    interactions: [],
  };
  log(`[inp] comparing with ${commit.slice(0, 9)}: ${chosen.why}`);
  const previousDir = await checkoutAndBuild(ctx, 'previous', commit);
  const thisDir = built === null ? repoRoot : await checkoutAndBuild(ctx, 'this', built);

  const stacks = {
    this: startStack(ctx, 'this', thisDir, options.basePort),
    previous: startStack(ctx, 'previous', previousDir, options.basePort + PREVIOUS_OFFSET),
  };
  let browser: Browser | null = null;
  try {
    log(
      `[inp] starting both stacks (this build on ${options.basePort}, the previous on ${options.basePort + PREVIOUS_OFFSET}; stale front ends are built first)…`,
    );
    for (const { stack, base } of Object.values(stacks))
      await stack.ready(`${base.replace('localhost', '127.0.0.1')}/remotes.json`, { timeoutMs: 30 * 60_000, when: 'answers' });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
    const live = browser;
    for (const route of ROUTES) {
      const row = (build: Build): InteractionsReport['loads'][number] => ({ route, build, samples: [], errors: [] });
      const rows = { previous: row('previous'), this: row('this') };
      // One unrecorded load each: the gateways render and cache the page, as for a shopper after the first.
      for (const { base } of Object.values(stacks)) await fetch(`${base}${route}`).then((response) => response.arrayBuffer());
      await alternate(runs, async (build) => {
        try {
          rows[build].samples.push(await measureLoad(live, `${stacks[build].base}${route}`));
        } catch (error) {
          rows[build].errors.push((error as Error).message.split('\n')[0]!);
        }
      });
      report.loads.push(rows.previous, rows.this);
      log(
        `[inp] ${route}: ${[rows.previous, rows.this].map((row) => `${row.build} TBT to live ${row.samples.map((s) => fixed(s.tbtToLiveMs)).join(', ')} ms`).join('; ')}`,
      );
    }
    for (const interaction of INTERACTIONS) {
      const row = (build: Build): InteractionsReport['interactions'][number] => ({ name: interaction.name, build, inp: [], errors: [] });
      const rows = { previous: row('previous'), this: row('this') };
      await alternate(runs, async (build) => {
        try {
          rows[build].inp.push(await measureInteraction(live, stacks[build].base, interaction));
        } catch (error) {
          rows[build].errors.push((error as Error).message.split('\n')[0]!);
        }
      });
      report.interactions.push(rows.previous, rows.this);
      log(`[inp] ${interaction.name}: ${[rows.previous, rows.this].map((row) => `${row.build} ${row.inp.join(', ')} ms`).join('; ')}`);
    }
  } catch (error) {
    report.error = (error as Error).message;
    log(`[inp] ${report.error}`);
  } finally {
    await browser?.close();
    await Promise.all(Object.values(stacks).map(({ stack }) => stack.stop(20_000)));
    report.loadAverage.end = loadAverage();
  }
  return report;
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const maxOf = (values: number[]) => (values.length ? Math.max(...values) : null);
/** "median / max" of a figure over the runs. */
const spread = (values: number[]) => (values.length ? `${fixed(median(values))} / ${fixed(maxOf(values))}` : '-');

export function interactionsTables(report: InteractionsReport): Table[] {
  const against = `${report.against.commit.slice(0, 9)}, ${report.against.why}`;
  const measured = report.build === null ? 'this build (the working tree)' : `this build (${report.build.slice(0, 9)})`;
  const load = `load average ${report.loadAverage.start.join(' / ')} at the start, ${report.loadAverage.end.join(' / ')} at the end (1/5/15 min)`;
  const failures = (rows: { errors: string[] }[]) => rows.flatMap((row) => row.errors).map((error) => `failed: ${error}`);
  return [
    {
      title: `First load in Chromium, CPU ${CPU_THROTTLING}x slower (DevTools protocol), ${measured} and the previous (${against}): long tasks up to storefront:live and in the ${AFTER_LIVE_MS / 1000} s after it, ${report.runs} loads per route and build, median / max`,
      columns: ['route', 'build', 'live ms', 'longest task to live ms', 'TBT to live ms', `longest task after live ms`],
      numeric: [false, false, true, true, true, true],
      rows: report.loads.map((row) => [
        row.route,
        row.build,
        spread(row.samples.map((s) => s.liveMs)),
        spread(row.samples.map((s) => s.longestToLiveMs)),
        spread(row.samples.map((s) => s.tbtToLiveMs)),
        spread(row.samples.map((s) => s.longestAfterLiveMs)),
      ]),
      notes: [
        'Each load in a fresh browser context (no cache), the network unthrottled (loopback); the two builds loaded alternately, the gateway warm.',
        'TBT to live: the part over 50 ms of every task begun before the mark. "After live": what hydrates later (below the fold, on idle), the header widgets.',
        load,
        ...failures(report.loads),
      ],
    },
    {
      title: `INP per interaction in Chromium, CPU ${CPU_THROTTLING}x slower, ${measured} beside the previous (${against}), ${report.runs} views each, median / max ms`,
      columns: ['interaction', 'previous build', 'this build', `median <= ${INP_TARGET_MS} ms`],
      numeric: [false, true, true, false],
      rows: report.interactions
        .filter((row) => row.build === 'this')
        .map((row) => {
          const previous = report.interactions.find((other) => other.name === row.name && other.build === 'previous')!;
          const measured = (values: (number | null)[]) => values.filter((value): value is number => value !== null);
          return [row.name, spread(measured(previous.inp)), spread(measured(row.inp)), verdict(median(measured(row.inp)), INP_TARGET_MS, 'lower', ' ms')];
        }),
      notes: [
        'Each view loaded in a fresh context and left to settle (live, the network quiet, 1.5 s), then the interaction; INP is its worst event duration (Event Timing, every interaction of the view).',
        load,
        ...failures(report.interactions),
      ],
    },
  ];
}
