// Lighthouse (mobile preset, simulated throttling: Lighthouse's defaults) on the production build,
// served by a whole stack this bench starts on its own ports with tools/stack/start.ts.
import http from 'node:http';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { generateReport } from 'lighthouse';
import puppeteer, { type Browser as PuppeteerBrowser } from 'puppeteer-core';
import type { BenchOptions } from './args.ts';
import { startChild } from './child.ts';
import { stackPortEnv } from '../stack/stackPorts.ts';
import { LIVE_MARK } from '../../shell/src/app/liveMark.ts';
import { cartOfTwo, clearOrigin, prepareState, readState, stateProblem, type RouteState, type StateMark } from './shopperStates.ts';

export interface BenchRoute {
  /** The address opened. */
  route: string;
  /** The state a shopper meets it in (shell/src/app/jsBudgets.ts's). */
  state: RouteState;
  /** What the page must show after a run for its state to have taken (stateful routes only). */
  shows?: readonly StateMark[];
}

/**
 * Every shopper route the Lighthouse bench audits, in order, with the state it is measured in. The
 * 'fresh' ones run as Lighthouse does by default; the others with the state made in the same
 * Chromium before each run (shopperStates.ts) and Lighthouse's storage reset off.
 */
export const LIGHTHOUSE_ROUTES: readonly BenchRoute[] = [
  { route: '/', state: 'fresh' },
  { route: '/shop', state: 'fresh' },
  { route: '/shop/1', state: 'fresh' },
  { route: '/search?q=chair', state: 'fresh' },
  { route: '/cart-list', state: 'cart', shows: [{ selector: 'main [data-remote="cart"] tbody tr', count: 2, what: 'cart lines' }] },
  { route: '/checkout', state: 'cart', shows: [{ selector: 'main [data-remote="checkout"] table tbody tr', count: 2, what: 'order summary lines' }] },
  {
    route: '/my-account',
    state: 'signedIn',
    shows: [
      { selector: 'main [data-remote="account"] [role="tablist"]', count: 1, what: "account dashboards' tabs" },
      { selector: 'main [data-remote="account"] input[type="password"]', count: 0, what: 'password fields (the login form)' },
    ],
  },
];
/** The routes met fresh: the ones the interactions bench loads too. */
export const ROUTES = LIGHTHOUSE_ROUTES.filter((route) => route.state === 'fresh').map((route) => route.route);
/** The page the reference copies, and where the gateway serves the copy (a file of the shell's build). */
export const REFERENCE_OF = '/shop/1';
export const REFERENCE_FILE = 'bench-reference/product.html';
export const REFERENCE_ROUTE = `/${REFERENCE_FILE}`;

/**
 * The reference page: the server-rendered product page as the gateway sends it, with every script
 * and script hint removed (JSON-LD, which is data, stays). What the same page scores with no
 * JavaScript at all, measured in the same run on the same machine, is the ceiling each route's
 * score is read against.
 */
export function referencePage(html: string): string {
  return html
    .replace(/<script\b(?![^>]*type="application\/ld\+json")[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link\b[^>]*rel="(?:preload|modulepreload)"[^>]*as="(?:script|fetch)"[^>]*>/g, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/g, '');
}
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface ScriptTransfer {
  url: string;
  /** Bytes on the wire during the Lighthouse run (the gateway picks brotli for Chromium). */
  transferred: number;
  /** Bytes of the same file with Accept-Encoding: gzip only, headers excluded. */
  gzip: number | null;
  /** Asked for before the page went live (the shell's LIVE_MARK); null when the page set no mark. */
  beforeLive: boolean | null;
}

/** What a route's JavaScript is made of, by npm package or app folder, from the scripts' source maps. */
export interface JsComposition {
  /** Package or folder, e.g. 'react-dom', '@module-federation/runtime-core', 'mf-catalog/src'. */
  name: string;
  /** Uncompressed bytes of its sources across all scripts of the route. */
  bytes: number;
  /** How many of the route's scripts carry a copy. */
  scripts: number;
}

export interface RouteResult {
  route: string;
  /** The state the route was measured in. */
  state: RouteState;
  /** The static reference copy of the product page (no script), not a shop route. */
  reference?: boolean;
  runs: number;
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  lcpMs: number | null;
  cls: number | null;
  tbtMs: number | null;
  fcpMs: number | null;
  speedIndexMs: number | null;
  /** Performance scores of every run, the reported one being the median. */
  performanceRuns: (number | null)[];
  scripts: ScriptTransfer[];
  jsTransferred: number;
  jsGzip: number | null;
  /** When the page went live (ms after navigation start, the shell's LIVE_MARK), if it said so. */
  liveMs: number | null;
  /**
   * First-load JS: gzip bytes of the scripts asked for before the page went live. Those asked for
   * after it (header widgets on idle, a tray) are in jsGzip only.
   */
  jsGzipBeforeLive: number | null;
  /** The largest contributors to the route's JavaScript (empty when no source maps are served). */
  composition: JsComposition[];
  /** Audits that lost points, per category, for explaining misses. */
  failing: Record<string, string[]>;
  error?: string;
}

export interface LighthouseReport {
  base: string;
  stackStartSeconds: number | null;
  routes: RouteResult[];
  error?: string;
}

interface Context {
  options: BenchOptions;
  repoRoot: string;
  workDir: string;
  log: (line: string) => void;
}

/** Size of the body of `url` as sent with Accept-Encoding: gzip (not decompressed). */
function gzipSize(url: string): Promise<number | null> {
  return new Promise((resolve) => {
    const request = http.get(url, { headers: { 'accept-encoding': 'gzip' }, timeout: 10_000 }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(response.statusCode === 200 ? bytes : null));
      response.on('error', () => resolve(null));
    });
    request.on('error', () => resolve(null));
    request.on('timeout', () => request.destroy());
  });
}

type Lhr = {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; scoreDisplayMode: string; numericValue?: number; title: string; details?: { items?: unknown[] } }>;
  runtimeError?: { message: string };
};

/** A file-name-safe form of a route. */
const slug = (route: string): string => (route === '/' ? 'home' : route.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-'));

function failingAudits(lhr: Lhr): Record<string, string[]> {
  const failing: Record<string, string[]> = {};
  for (const category of CATEGORIES) {
    const refs = lhr.categories[category]?.auditRefs ?? [];
    const lost = refs
      .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
      .filter(
        ({ audit, ref }) =>
          audit && ref.weight > 0 && audit.score !== null && audit.score < 1 && ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode),
      )
      .map(({ ref, audit }) => `${ref.id} (${audit!.score?.toFixed(2)})`);
    if (lost.length > 0) failing[category] = lost;
  }
  return failing;
}

/** The page did not show the state its route is measured in: the run is not repeated, the route fails. */
class StateError extends Error {
  override name = 'StateError';
}

async function auditRoute(ctx: Context, base: string, route: BenchRoute, port: number, browser: () => Promise<PuppeteerBrowser>): Promise<{ lhr: Lhr }> {
  const flags = { port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: [...CATEGORIES] };
  if (route.state === 'fresh') {
    const result = await lighthouse(`${base}${route.route}`, flags);
    if (!result) throw new Error('Lighthouse returned no result');
    const lhr = result.lhr as unknown as Lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    return { lhr };
  }
  // A page of our own, so that what it shows can be read once Lighthouse is done with it.
  const page = await (await browser()).newPage();
  try {
    await prepareState(route.state, base, port, page, await cartOfTwo(base));
    const result = await lighthouse(`${base}${route.route}`, { ...flags, disableStorageReset: true }, undefined, page);
    if (!result) throw new Error('Lighthouse returned no result');
    const lhr = result.lhr as unknown as Lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const problem = stateProblem(new URL(route.route, base).pathname, route.state, route.shows ?? [], await readState(page, route.shows ?? []));
    if (problem) throw new StateError(problem);
    return { lhr };
  } finally {
    await clearOrigin(base, page).catch(() => {});
    await page.close().catch(() => {});
  }
}

type NetworkRequest = { url: string; resourceType?: string; transferSize?: number; statusCode?: number; rendererStartTime?: number };
type UserTiming = { name?: string; timingType?: string; startTime?: number };

/**
 * When the page went live, from Lighthouse's user-timings items (ms after navigation start), and
 * which scripts it asked for before then (network-requests items, ms after the first request: the
 * page's own, which navigation start precedes by a hair).
 */
export function scriptsBeforeLive(
  requests: NetworkRequest[],
  timings: UserTiming[],
): { liveMs: number | null; before: (request: NetworkRequest) => boolean | null } {
  const mark = timings.find((timing) => timing.name === LIVE_MARK && timing.timingType === 'Mark' && typeof timing.startTime === 'number');
  const liveMs = mark?.startTime ?? null;
  return {
    liveMs,
    before: (request) => (liveMs === null || typeof request.rendererStartTime !== 'number' ? null : request.rendererStartTime < liveMs),
  };
}

function median<T>(items: T[], key: (item: T) => number): T {
  const sorted = [...items].sort((a, b) => key(a) - key(b));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** The package (or app folder) a source-map source belongs to. */
export function sourceOwner(source: string): string {
  const path = source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^(\.\.?\/)+/, '');
  const modules = path.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = path.slice(modules + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const parts = path.split('/').filter(Boolean);
  return parts.length > 2 ? parts.slice(0, 2).join('/') : (parts[0] ?? '(unknown)');
}

/** Sums sourcesContent per package over the scripts' source maps (fetched from the same server). */
async function composition(scripts: ScriptTransfer[]): Promise<JsComposition[]> {
  const totals = new Map<string, { bytes: number; scripts: number }>();
  for (const script of scripts) {
    try {
      const response = await fetch(`${script.url.split('?')[0]}.map`, { signal: AbortSignal.timeout(10_000) });
      if (!response.ok) continue;
      const map = (await response.json()) as { sources?: string[]; sourcesContent?: (string | null)[] };
      const seen = new Set<string>();
      (map.sources ?? []).forEach((source, i) => {
        const owner = sourceOwner(source);
        const entry = totals.get(owner) ?? { bytes: 0, scripts: 0 };
        entry.bytes += map.sourcesContent?.[i]?.length ?? 0;
        if (!seen.has(owner)) entry.scripts++;
        seen.add(owner);
        totals.set(owner, entry);
      });
    } catch {
      // No map for this script: it is left out of the breakdown.
    }
  }
  return [...totals].map(([name, t]) => ({ name, ...t })).sort((a, b) => b.bytes - a.bytes);
}

async function summarise(base: string, { route, state }: BenchRoute, runs: Lhr[]): Promise<RouteResult> {
  const perf = (lhr: Lhr) => lhr.categories.performance?.score ?? 0;
  const lhr = median(runs, perf);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? null;
  const requests = (lhr.audits['network-requests']?.details?.items ?? []) as NetworkRequest[];
  const { liveMs, before } = scriptsBeforeLive(requests, (lhr.audits['user-timings']?.details?.items ?? []) as UserTiming[]);
  const scripts: ScriptTransfer[] = [];
  for (const request of requests.filter((r) => r.resourceType === 'Script')) {
    const sameOrigin = request.url.startsWith(base);
    scripts.push({
      url: request.url,
      transferred: request.transferSize ?? 0,
      gzip: sameOrigin ? await gzipSize(request.url) : null,
      beforeLive: before(request),
    });
  }
  const gzipKnown = scripts.every((script) => script.gzip !== null);
  return {
    route,
    state,
    runs: runs.length,
    scores: Object.fromEntries(CATEGORIES.map((category) => [category, lhr.categories[category]?.score ?? null])) as RouteResult['scores'],
    lcpMs: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbtMs: audit('total-blocking-time'),
    fcpMs: audit('first-contentful-paint'),
    speedIndexMs: audit('speed-index'),
    performanceRuns: runs.map((run) => run.categories.performance?.score ?? null),
    scripts,
    jsTransferred: scripts.reduce((sum, script) => sum + script.transferred, 0),
    jsGzip: gzipKnown ? scripts.reduce((sum, script) => sum + (script.gzip ?? 0), 0) : null,
    liveMs,
    jsGzipBeforeLive: gzipKnown && liveMs !== null ? scripts.reduce((sum, script) => sum + (script.beforeLive ? (script.gzip ?? 0) : 0), 0) : null,
    composition: await composition(scripts),
    failing: failingAudits(lhr),
  };
}

export async function benchLighthouse(ctx: Context, runsPerRoute: number): Promise<LighthouseReport> {
  const { options, repoRoot, log } = ctx;
  const p = options.basePort;
  const base = `http://localhost:${p}`;
  const report: LighthouseReport = { base, stackStartSeconds: null, routes: [] };
  const dataDir = path.join(ctx.workDir, 'stack-data');
  const referenceFile = path.join(repoRoot, 'shell', 'dist', REFERENCE_FILE);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });

  log(`[lighthouse] starting the stack on ports ${p}-${p + 199} (tools/stack/start.ts, SKIP_BUILD=0: builds stale front ends first)…`);
  const started = performance.now();
  const stack = startChild('stack', process.execPath, [path.join(repoRoot, 'tools/stack/start.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      // Every port of the stack moved (its one list), so the bench runs beside a developer's npm start.
      ...stackPortEnv(p),
      DATA_DIR: dataDir,
      SKIP_BUILD: '0',
      DATABASE_URL: undefined,
    },
    logFile: path.join(ctx.workDir, 'stack.log'),
  });
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  // Puppeteer on chrome-launcher's Chromium, for the pages of the stateful routes (connected on first use).
  let pages: PuppeteerBrowser | null = null;
  const connect = async (): Promise<PuppeteerBrowser> =>
    (pages ??= await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome!.port}`, defaultViewport: null }));
  try {
    await stack.ready(`http://127.0.0.1:${p}/remotes.json`, { timeoutMs: 30 * 60_000, when: 'answers' });
    // remotes.json answers before the last service logs "ready"; the gateway is last in start order.
    report.stackStartSeconds = (performance.now() - started) / 1000;
    log(`[lighthouse] stack ready in ${report.stackStartSeconds.toFixed(0)} s`);
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    const product = await (await fetch(`${base}${REFERENCE_OF}`)).text();
    if (!product.includes('data-rendered="server"'))
      log(`[lighthouse] ${REFERENCE_OF} came without its content rendered on the server: the reference is a client-rendered page`);
    mkdirSync(path.dirname(referenceFile), { recursive: true });
    writeFileSync(referenceFile, referencePage(product));
    const reference: BenchRoute = { route: REFERENCE_ROUTE, state: 'fresh' };
    for (const benchRoute of [reference, ...LIGHTHOUSE_ROUTES]) {
      const { route, state } = benchRoute;
      const isReference = benchRoute === reference;
      try {
        // One unrecorded load first, so each route is measured against warm services, as a shopper would meet them.
        await fetch(`${base}${route}`).then((response) => response.arrayBuffer());
        const runs: Lhr[] = [];
        let failures = 0;
        while (runs.length < runsPerRoute) {
          if (!stack.alive()) throw new Error(`the stack stopped; its log ends:\n${stack.tail()}`);
          try {
            runs.push((await auditRoute(ctx, base, benchRoute, chrome.port, connect)).lhr);
          } catch (error) {
            // Lighthouse sometimes loses a trace (NO_NAVSTART, NO_FCP) on a busy machine: try again, twice at most.
            // A page that did not show its state fails the route at once: its score would be of another page.
            if (error instanceof StateError || ++failures > 2) throw error;
            log(`[lighthouse] ${route}: ${(error as Error).message.split('\n')[0]}; running it again`);
          }
        }
        const result = { ...(await summarise(base, benchRoute, runs)), ...(isReference ? { reference: true } : {}) };
        report.routes.push(result);
        if (options.lighthouseReports) {
          mkdirSync(options.lighthouseReports, { recursive: true });
          const lhr = median(runs, (run) => run.categories.performance?.score ?? 0);
          const file = path.join(options.lighthouseReports, `lighthouse-${slug(route)}`);
          writeFileSync(`${file}.json`, JSON.stringify(lhr));
          writeFileSync(`${file}.html`, generateReport(lhr as never, 'html'));
        }
        log(
          `[lighthouse] ${route} (${state}): performance ${result.scores.performance} (runs ${result.performanceRuns.join(', ')}), accessibility ${result.scores.accessibility}, best practices ${result.scores['best-practices']}, SEO ${result.scores.seo}`,
        );
      } catch (error) {
        report.routes.push({
          route,
          state,
          ...(isReference ? { reference: true } : {}),
          runs: 0,
          scores: { performance: null, accessibility: null, 'best-practices': null, seo: null },
          lcpMs: null,
          cls: null,
          tbtMs: null,
          fcpMs: null,
          speedIndexMs: null,
          performanceRuns: [],
          scripts: [],
          jsTransferred: 0,
          jsGzip: null,
          liveMs: null,
          jsGzipBeforeLive: null,
          composition: [],
          failing: {},
          error: (error as Error).message,
        });
        log(`[lighthouse] ${route} (${state}): ${(error as Error).message}`);
      }
    }
  } catch (error) {
    report.error = (error as Error).message;
    log(`[lighthouse] ${report.error}`);
  } finally {
    if (pages) await (pages as PuppeteerBrowser).disconnect().catch(() => {});
    if (chrome) chrome.kill();
    rmSync(path.dirname(referenceFile), { recursive: true, force: true });
    await stack.stop(20_000);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return report;
}
