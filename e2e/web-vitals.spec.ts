// Real shoppers' Web Vitals end to end: the shell measures a page view (every view is sampled
// outside production), and when the shopper leaves the page its beacon reaches the gateway, whose
// metrics listener (loopback, never the shop's port) shows the route's histograms grown.
import { expect, test, type Page } from '@playwright/test';
import { gatewayMetricsURL } from './playwright.config';

/** The count of one vital's histogram for a route template, 0 before its first report. */
async function vitalsCount(metric: string, route: string): Promise<number> {
  const text = await (await fetch(gatewayMetricsURL)).text();
  const series = `${metric}_count{route="${route}"} `;
  const line = text.split('\n').find((candidate) => candidate.startsWith(series));
  return line ? Number(line.slice(series.length)) : 0;
}

/** The page has loaded and web-vitals is watching (the shell marks it once it is). */
async function measuring(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-vitals', 'on', { timeout: 15_000 });
}

test("two pages' vitals reach the gateway's histograms by route template, not by address", async ({ page }) => {
  const before = {
    home: { lcp: await vitalsCount('web_vitals_lcp_seconds', '/'), ttfb: await vitalsCount('web_vitals_ttfb_seconds', '/') },
    product: { lcp: await vitalsCount('web_vitals_lcp_seconds', '/shop/:id'), cls: await vitalsCount('web_vitals_cls', '/shop/:id') },
  };
  const beacons: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/vitals')) beacons.push(request.postData() ?? '');
  });

  await page.goto('/');
  await measuring(page);
  // Leaving the page (a full navigation) hides it: its beacon goes out as it unloads.
  await page.goto('/shop/3?utm_source=test');
  await measuring(page);
  // The shopper's first input ends LCP's watch (web-vitals heeds only trusted events), and the
  // tab is then switched away from: the page is hidden without being left.
  await page.locator('h1').first().click();
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });

  await expect.poll(() => vitalsCount('web_vitals_lcp_seconds', '/'), { timeout: 15_000 }).toBeGreaterThan(before.home.lcp);
  expect(await vitalsCount('web_vitals_ttfb_seconds', '/')).toBeGreaterThan(before.home.ttfb);
  await expect.poll(() => vitalsCount('web_vitals_lcp_seconds', '/shop/:id'), { timeout: 15_000 }).toBeGreaterThan(before.product.lcp);
  expect(await vitalsCount('web_vitals_cls', '/shop/:id')).toBeGreaterThan(before.product.cls);

  // What a beacon says: a route template and numbers, nothing of the address or the shopper.
  expect(beacons.length).toBeGreaterThanOrEqual(1);
  for (const beacon of beacons) {
    expect(beacon).not.toMatch(/utm_source|shop\/3|@/);
    expect(Object.keys(JSON.parse(beacon) as object).sort()).toEqual(['route', 'vitals']);
  }
});

/** The count of INP's histogram for an interaction (its element's role and the listed name). */
async function interactionCount(role: string, interaction: string): Promise<number> {
  const text = await (await fetch(gatewayMetricsURL)).text();
  const series = `web_vitals_inp_interaction_seconds_count{role="${role}",interaction="${interaction}"} `;
  const line = text.split('\n').find((candidate) => candidate.startsWith(series));
  return line ? Number(line.slice(series.length)) : 0;
}

test("INP is attributed to the interaction it came from: Add to Cart's button, never its words", async ({ page }) => {
  const before = await interactionCount('button', 'add-to-cart');
  const beacons: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/vitals')) beacons.push(request.postData() ?? '');
  });
  // A phone's CPU (4x slower), so the tap's next paint is well past the browser's smallest report.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto('/shop/1');
  await measuring(page);
  await page.getByRole('button', { name: 'Add To Cart', exact: true }).click();
  await expect(page.getByText('Added to Cart Successfully!')).toBeVisible();
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });

  await expect.poll(() => interactionCount('button', 'add-to-cart'), { timeout: 15_000 }).toBeGreaterThan(before);
  const inp = beacons
    .flatMap((beacon) => (JSON.parse(beacon) as { vitals: { name: string; interaction?: unknown }[] }).vitals)
    .find((vital) => vital.name === 'INP');
  expect(inp?.interaction).toEqual({ role: 'button', name: 'add-to-cart' });
  expect(beacons.join('')).not.toMatch(/Add To Cart|Dive Watch/);
});

test('the shop port never serves metrics', async ({ request }) => {
  for (const path of ['/metrics', '/api/catalog/metrics', '/api/checkout/metrics']) {
    const response = await request.get(path);
    expect(response.status()).toBe(404);
    expect(await response.text()).not.toContain('# TYPE');
  }
});
