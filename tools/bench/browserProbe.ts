// What the interactions bench measures in one page, in Chromium with its CPU slowed 4x through the
// DevTools protocol (Emulation.setCPUThrottlingRate; the network is left alone, it is loopback):
// the main thread's long tasks of a first load, up to the shell's storefront:live mark and after it,
// and the INP of one interaction from the Event Timing entries (the worst interaction of the view,
// as INP is for a view with fewer than 50 interactions).
import type { Browser, Page } from '@playwright/test';
import { LIVE_MARK } from '../../shell/src/app/liveMark.ts';

export const CPU_THROTTLING = 4;
/** How long after live a load is watched, for what hydrates later (below the fold, on idle). */
export const AFTER_LIVE_MS = 5_000;
/** A phone's screen, as Lighthouse's mobile preset emulates it. */
const VIEWPORT = { width: 412, height: 823 };

/** Set up before any script of the page: every long task and every event of an interaction. */
function observe(): void {
  const probe = { tasks: [] as [number, number][], events: [] as [number, number][] };
  Object.assign(window, { __benchProbe: probe });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.tasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[])
      if (entry.interactionId) probe.events.push([entry.interactionId, entry.duration]);
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

type Probe = { tasks: [number, number][]; events: [number, number][] };
const readProbe = (page: Page) => page.evaluate(() => (window as unknown as { __benchProbe: Probe }).__benchProbe);

export interface LoadSample {
  /** ms after navigation start. */
  liveMs: number;
  longestToLiveMs: number;
  /** Total blocking time up to live: each task's part over 50 ms, tasks begun before live. */
  tbtToLiveMs: number;
  /** The longest task in the AFTER_LIVE_MS after live: the parts that hydrate later, the widgets. */
  longestAfterLiveMs: number;
}

/** A load's figures from its long tasks ([start, duration] in ms) and its live mark. */
export function summariseTasks(tasks: [number, number][], liveMs: number): LoadSample {
  const before = tasks.filter(([start]) => start < liveMs);
  const after = tasks.filter(([start]) => start >= liveMs && start < liveMs + AFTER_LIVE_MS);
  const longest = (list: [number, number][]) => list.reduce((max, [, duration]) => Math.max(max, duration), 0);
  return {
    liveMs,
    longestToLiveMs: longest(before),
    tbtToLiveMs: before.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0),
    longestAfterLiveMs: longest(after),
  };
}

/** INP of a view: the worst interaction, each interaction the longest of its events (ms). */
export function worstInteraction(events: [number, number][]): number | null {
  const byInteraction = new Map<number, number>();
  for (const [id, duration] of events) byInteraction.set(id, Math.max(byInteraction.get(id) ?? 0, duration));
  return byInteraction.size === 0 ? null : Math.max(...byInteraction.values());
}

/** A fresh context (no cache, no storage, like a first visit) with the CPU slowed, on `url`. */
async function openThrottled(browser: Browser, url: string, storage: Record<string, string> = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  await context.addInitScript(observe);
  if (Object.keys(storage).length > 0)
    await context.addInitScript((entries: Record<string, string>) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, storage);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
  await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, LIVE_MARK, { timeout: 60_000, polling: 100 });
  return page;
}

export async function measureLoad(browser: Browser, url: string): Promise<LoadSample> {
  const page = await openThrottled(browser, url);
  try {
    await page.waitForTimeout(AFTER_LIVE_MS);
    const liveMs = await page.evaluate((mark) => performance.getEntriesByName(mark)[0]!.startTime, LIVE_MARK);
    return summariseTasks((await readProbe(page)).tasks, liveMs);
  } finally {
    await page.context().close();
  }
}

export interface Interaction {
  /** What the shopper does, as docs/performance.md names it. */
  name: string;
  path: string;
  /** localStorage before the page's scripts (a cart with two items for the mini-cart). */
  storage?: Record<string, string>;
  /** The interaction itself, ending once what it shows is on screen. */
  act: (page: Page) => Promise<void>;
}

const twoItems = JSON.stringify([
  { id: 1, title: 'Dive Watch', price: 67.99, thumbnail: '', stock: 20, brand: '', discountPercentage: 0, qun: 1 },
  { id: 2, title: 'Oak Lounge Chair', price: 249, thumbnail: '', stock: 5, brand: '', discountPercentage: 0, qun: 2 },
]);

/**
 * The four interactions of issue #44, found by their roles and English names (not the shop's
 * data-interaction attributes), so that a build from before those attributes is measured too.
 */
export const INTERACTIONS: Interaction[] = [
  {
    name: 'filter: open the filters, a section, apply a colour (/shop)',
    path: '/shop',
    act: async (page) => {
      const main = page.getByRole('main');
      // On a phone's screen the filters are behind the toolbar's button; on a wide one they show.
      const toggle = main.getByRole('button', { name: 'Filters', exact: true });
      if (await toggle.isVisible()) await toggle.click();
      await main.getByRole('button', { name: 'Shop by Color' }).click();
      await main.locator('a[href*="color="]').first().click();
      await page.waitForURL(/color=/);
      await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'), null, { timeout: 30_000 });
    },
  },
  {
    name: 'add to cart (/shop/1)',
    path: '/shop/1',
    act: async (page) => {
      await page.getByRole('main').getByRole('button', { name: 'Add To Cart', exact: true }).click();
      await page.getByText('Added to Cart Successfully!').waitFor();
    },
  },
  {
    name: 'open the mini-cart, two items in it (/shop/1)',
    path: '/shop/1',
    storage: { cart: twoItems },
    act: async (page) => {
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Cart, 2 items/ })
        .click();
      await page.getByRole('banner').getByRole('region').first().waitFor();
    },
  },
  {
    name: "type 'chair' in the header search, worst key (/)",
    path: '/',
    act: async (page) => {
      const box = page.getByRole('banner').getByRole('combobox').first();
      await box.focus();
      await page.keyboard.type('chair', { delay: 150 });
      await page.getByRole('banner').getByRole('option').first().waitFor({ timeout: 30_000 });
    },
  },
];

/** INP of one view: the page loaded and settled (live, the network quiet), then the interaction. */
export async function measureInteraction(browser: Browser, base: string, interaction: Interaction): Promise<number | null> {
  const page = await openThrottled(browser, `${base}${interaction.path}`, interaction.storage);
  try {
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    // What hydrates on idle or near the viewport does so before the shopper acts.
    await page.waitForTimeout(1_500);
    await interaction.act(page);
    // Event Timing entries are delivered after the next paint.
    await page.waitForTimeout(1_000);
    return worstInteraction((await readProbe(page)).events);
  } finally {
    await page.context().close();
  }
}
