// A shopper's journey through the embedded default shows in every service's metrics (issue #38's
// "done when"): a search for nonsense raises the catalogue's empty-search count, and a paid order
// raises the checkout's order transitions and payment outcomes, and the gateway's calls to it.
// Other tests run beside this one: counts are compared as rises, never as exact values.
import { expect, test } from '@playwright/test';
import { catalogMetricsURL, checkoutMetricsURL, gatewayMetricsURL } from './playwright.config';
import { fillBilling, payByCard, putOneItemInCart } from './support/checkout.ts';

/** The sum of every sample of a metric whose labels contain `labels` (all of them when empty). */
async function total(url: string, metric: string, labels = ''): Promise<number> {
  const text = await (await fetch(url)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${metric}{`) || line.startsWith(`${metric} `))
    .filter((line) => line.includes(labels))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

test("a search for nonsense and a paid order show in the services' metrics", async ({ page, request }) => {
  test.setTimeout(90_000);
  const counts = () =>
    Promise.all([
      total(catalogMetricsURL, 'catalog_search_empty_total'),
      total(checkoutMetricsURL, 'checkout_order_transitions_total', 'to="paid"'),
      total(checkoutMetricsURL, 'checkout_payments_total', 'outcome="succeeded"'),
      total(checkoutMetricsURL, 'http_requests_total', 'route="/api/checkout/payment-intents"'),
      total(gatewayMetricsURL, 'gateway_upstream_requests_total', 'upstream="checkout"'),
    ]);
  const before = await counts();

  await page.goto('/search?q=zqxjvwk');
  await page.waitForLoadState('networkidle');
  await expect.poll(() => total(catalogMetricsURL, 'catalog_search_empty_total')).toBeGreaterThan(before[0]);

  await page.goto('/about');
  await putOneItemInCart(page, request);
  await page.goto('/checkout');
  const email = `metrics-${Date.now()}@example.com`;
  await fillBilling(page, email);
  await payByCard(page, email);

  const after = await counts();
  expect(after[1]).toBeGreaterThan(before[1]);
  expect(after[2]).toBeGreaterThan(before[2]);
  expect(after[3]).toBeGreaterThan(before[3]);
  expect(after[4]).toBeGreaterThan(before[4]);
  // Labels name routes and outcomes, never what the shopper typed or who they are.
  const everything = (await Promise.all([catalogMetricsURL, checkoutMetricsURL, gatewayMetricsURL].map(async (url) => (await fetch(url)).text()))).join('\n');
  expect(everything).not.toContain('zqxjvwk');
  expect(everything).not.toContain(email);
});
