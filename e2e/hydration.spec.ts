import { expect, test, type Locator, type Page } from '@playwright/test';
import { storedCart } from './support/checkout.ts';

// Pages hydrate in pieces (issue #44 point 3): what a shopper sees first hydrates with the page, the
// parts below the fold (the rest of a listing, the footer) later. A click on such a part before it
// has hydrated still does what it says, nothing moves when the parts hydrate, and the CPU is slowed
// as on a mid-range phone (4x, through the DevTools protocol).

const LIVE = 'storefront:live';

/** A first visit with the CPU 4x slower, on a phone's screen. */
async function throttled(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.setViewportSize({ width: 412, height: 823 });
}

/**
 * A page so busy the browser is never idle, whose parts below the fold are never scrolled near:
 * nothing but the shopper's own input opens them (the worst case for a click).
 */
async function neverIdleNorNear(page: Page) {
  await page.addInitScript(() => {
    Object.assign(window, {
      requestIdleCallback: () => 0,
      IntersectionObserver: class {
        observe() {}
        disconnect() {}
        unobserve() {}
        takeRecords() {
          return [];
        }
      },
    });
  });
}

/**
 * `path` as the server rendered it, screen and all: on a busy machine the gateway may leave a screen
 * to the browser (past its render budget), and a screen rendered in the browser has nothing to
 * hydrate later. Such a page is loaded again.
 */
async function serverRendered(page: Page, path: string) {
  for (let attempt = 1; ; attempt++) {
    await page.goto(path);
    const screen = await page.evaluate(() => (JSON.parse(document.getElementById('route-data')?.textContent ?? '{}') as { screen?: string }).screen);
    if (screen || attempt === 5) return expect(screen, 'the screen rendered on the server').toBeTruthy();
  }
}

const live = (page: Page) => page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, LIVE, { timeout: 30_000 });
/** React's own mark on a node it has hydrated. */
const hydrated = (node: Locator) => node.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber')));

test('a click on an Add to Cart below the fold, before its card has hydrated, puts the product in the cart', async ({ page }) => {
  await throttled(page);
  await neverIdleNorNear(page);
  await serverRendered(page, '/shop');
  await live(page);
  const cards = page.locator('section[aria-labelledby="shop-results-heading"] > ul > li');
  await expect(cards).toHaveCount(6);
  // The first cards hydrated with the page; the last one for sale is still the server's markup.
  await expect.poll(() => hydrated(cards.first().locator('article'))).toBe(true);
  const last = page.locator('section[aria-labelledby="shop-results-heading"] > ul > li[data-hydrate-later]:has(button[data-interaction="add-to-cart"])').last();
  const add = last.getByRole('button', { name: /^Add to Cart/ });
  expect(await hydrated(add)).toBe(false);
  const id = Number(await last.locator('article').getAttribute('data-product-id'));

  // Scrolled to by script (no input), then a real click where the button is.
  await add.evaluate((button) => button.scrollIntoView({ block: 'center' }));
  const box = (await add.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);

  await expect(page.getByText('Added to Cart, Successfully!')).toBeVisible();
  expect((await storedCart(page))?.map((item) => (item as { id: number }).id)).toEqual([id]);
});

test('a click on a footer link before the footer has hydrated goes where it says', async ({ page }) => {
  await throttled(page);
  await neverIdleNorNear(page);
  await page.goto('/shop/1');
  await live(page);
  const footer = page.getByRole('contentinfo');
  await expect(footer.locator('xpath=..')).toHaveAttribute('data-hydrate-later', /.+/);
  const about = footer.getByRole('link', { name: 'About', exact: true });
  expect(await hydrated(about)).toBe(false);
  await about.evaluate((link) => link.scrollIntoView({ block: 'center' }));
  const box = (await about.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

for (const route of ['/', '/shop', '/shop/1', '/search?q=chair']) {
  test(`${route}: nothing moves while its parts hydrate, scrolled from top to bottom (CLS <= 0.02)`, async ({ page }) => {
    await throttled(page);
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { __shifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(route);
    await live(page);
    // Down the page a screen at a time, each part hydrating as it nears the viewport, then idle.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y <= height; y += 600) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(250);
    }
    await expect
      .poll(() => page.locator('footer').evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber'))), { timeout: 15_000 })
      .toBe(true);
    const cls = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0));
    expect(cls).toBeLessThanOrEqual(0.02);
  });
}
