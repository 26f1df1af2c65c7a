// First-load JavaScript as the route budgets count it: every script a page asked for before the
// shell's `storefront:live` mark, at its gzip size (level 9, as the gateway's precompressed copies),
// whatever the server actually sent (brotli, identity from a team's own host), so a figure means the
// same on every host and in every run.
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { LIVE_MARK } from '../../shell/src/app/liveMark.ts';

export interface ScriptSize {
  url: string;
  gzipBytes: number;
}

export interface FirstLoad {
  /** Largest first. */
  scripts: ScriptSize[];
  gzipBytes: number;
  /** When the page went live, ms after navigation start. */
  liveMs: number;
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

/** Script addresses the page asked for before it went live: script elements and script preloads alike. */
async function scriptsBeforeLive(page: Page, timeoutMs: number): Promise<{ urls: string[]; liveMs: number }> {
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, LIVE_MARK, { timeout: timeoutMs });
  return page.evaluate((mark) => {
    const liveMs = performance.getEntriesByName(mark)[0]!.startTime;
    const urls = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.startTime < liveMs && (entry.initiatorType === 'script' || /\.m?js$/.test(new URL(entry.name).pathname)))
      .map((entry) => entry.name);
    return { urls: [...new Set(urls)], liveMs };
  }, LIVE_MARK);
}

/** Opens `url` in `page` and measures what it loaded before it went live. */
export async function measureFirstLoad(page: Page, url: string, { timeoutMs = 30_000 } = {}): Promise<FirstLoad> {
  await page.goto(url);
  const { urls, liveMs } = await scriptsBeforeLive(page, timeoutMs);
  const scripts: ScriptSize[] = [];
  for (const scriptUrl of urls) {
    const response = await page.context().request.get(scriptUrl);
    if (!response.ok()) throw new Error(`${scriptUrl} answered ${response.status()} when measured again`);
    scripts.push({ url: scriptUrl, gzipBytes: gzipSync(await response.body(), { level: 9 }).length });
  }
  scripts.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { scripts, gzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0), liveMs };
}

/** The path of a script, for messages: the origin is the test's and says nothing. */
const shortName = (url: string) => {
  const { pathname } = new URL(url);
  return pathname;
};

/** One line per script, largest first: what to look at when a budget is exceeded. */
export function describeScripts(load: FirstLoad, count = 8): string {
  return load.scripts
    .slice(0, count)
    .map((script) => `  ${kib(script.gzipBytes).padStart(6)} KiB  ${shortName(script.url)}`)
    .join('\n');
}

/**
 * Null when the route's first load fits its budget; otherwise what a developer needs to act: the
 * route, the figure, the budget, where budgets live and the largest scripts.
 */
export function overBudget(route: string, load: FirstLoad, budgetKiB: number): string | null {
  if (load.gzipBytes <= budgetKiB * 1024) return null;
  return (
    `${route}: ${kib(load.gzipBytes)} KiB gzip of JavaScript before the page is live, over its budget of ${budgetKiB} KiB ` +
    `(shell/src/app/jsBudgets.ts; raising a budget needs a decision record). Largest scripts:\n${describeScripts(load)}`
  );
}

/** Scripts of the back office or of a team's standalone harness: never part of a shopper's page. */
export function staffOrHarnessScripts(load: FirstLoad): string[] {
  return load.scripts.map((script) => shortName(script.url)).filter((pathname) => /\/(remotes|releases)\/admin\/|(^|\/)standalone[.-]/.test(pathname));
}
