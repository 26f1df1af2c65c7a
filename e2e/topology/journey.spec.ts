import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { payByCard } from '../support/checkout.ts';
import { signUp } from '../support/shopper.ts';

// The container topology (deploy/compose.yaml with the local profile), reached only through its load
// balancer, as a shopper reaches a production shop. Started by deploy/podman/topology-test.sh, which
// names the containers; not part of the ordinary browser suite.
const project = process.env.TOPOLOGY_PROJECT ?? 'storefront-topology';
const container = (service: string) => `${project}_${service}_1`;

/** A crash, not a stop: SIGKILL to the service's process from outside, as the kernel's OOM killer would. */
function crash(service: string): void {
  const pid = execFileSync('podman', ['inspect', '--format', '{{.State.Pid}}', container(service)], { encoding: 'utf8' }).trim();
  process.kill(Number(pid), 'SIGKILL');
}

const catalog = (page: Page) => page.locator('main [data-remote="catalog"]');

test('browse, search, cart, sign up and pay through the load balancer while one instance of every service crashes', async ({ page }) => {
  test.setTimeout(180_000);
  const email = `topology-${Date.now()}@example.com`;

  await page.goto('/shop');
  await expect(catalog(page).locator('article').first()).toBeVisible();

  await page.getByRole('banner').getByRole('combobox', { name: 'Search products' }).fill('watch');
  await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=watch/);
  const found = catalog(page).locator('article');
  await expect(found.first()).toBeVisible();

  // Mid-journey, one instance of each service dies; the shopper must not notice.
  for (const service of ['gateway-1', 'catalog-1', 'checkout-1']) crash(service);

  await found.first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/shop\/\d+/);
  await catalog(page).getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByRole('banner').getByTestId('cart-badge')).toHaveText('1');

  await signUp(page, email, 'Tess');
  await page.goto('/checkout');
  const checkout = page.locator('main [data-remote="checkout"]');
  await expect(checkout.getByLabel('Email Address')).toHaveValue(email);
  const orderNumber = await payByCard(page, email);

  await page.goto('/my-account?tab=orders');
  await expect(
    page
      .getByTestId('orders-table')
      .getByRole('row')
      .filter({ hasText: `#${orderNumber}` }),
  ).toContainText('Paid');

  // The supervisor (the restart policy) brought every crashed instance back.
  for (const service of ['gateway-1', 'catalog-1', 'checkout-1']) {
    await expect
      .poll(() => execFileSync('podman', ['inspect', '--format', '{{.State.Running}} {{.RestartCount}}', container(service)], { encoding: 'utf8' }).trim(), {
        timeout: 30_000,
      })
      .toMatch(/^true [1-9]/);
  }
});

test('the last few of a product, bought at once through both checkout instances, are sold once each', async ({ request }) => {
  const { products } = (await (await request.get('/api/catalog/products?limit=0&select=title,price,stock')).json()) as {
    products: Array<{ id: number; price: number; stock: number }>;
  };
  const scarce = products.find((product) => product.stock >= 2 && product.stock <= 4 && product.price >= 1);
  expect(scarce).toBeTruthy();
  const buy = (n: number) =>
    request.post('/save-stripe-token', {
      data: {
        token: { id: 'tok_visa' },
        email: `race${n}@example.com`,
        lines: [{ id: scarce!.id, qun: 1 }],
        billing: {
          firstName: 'Ann',
          lastName: 'Lee',
          country: 'Latvia',
          street: 'Brivibas iela 1',
          city: 'Riga',
          postCode: 'LV-1050',
          phone: '+371 2000 0000',
          email: `race${n}@example.com`,
        },
        idempotencyKey: randomUUID(),
      },
    });
  const statuses = (await Promise.all(Array.from({ length: 12 }, (_, n) => buy(n)))).map((response) => response.status());
  expect(statuses.filter((status) => status === 200)).toHaveLength(scarce!.stock);
  expect(statuses.filter((status) => status !== 200)).toEqual(Array(12 - scarce!.stock).fill(409));
  const after = (await (await request.get(`/api/catalog/products/${scarce!.id}`)).json()) as { stock: number };
  expect(after.stock).toBe(0);
});

test('rate limits are counted across both gateways (Redis), not per instance', async ({ request }) => {
  // CONTACT_RATE_LIMIT_PER_MINUTE is 5 per client address; round robin spreads the posts over both gateways.
  const statuses: number[] = [];
  for (let n = 0; n < 12; n++) {
    const response = await request.post('/api/contact', { data: { name: 'Ann', email: 'ann@example.com', message: `Message ${n}` } });
    statuses.push(response.status());
  }
  expect(statuses.filter((status) => status === 201)).toHaveLength(5);
  expect(statuses.filter((status) => status === 429)).toHaveLength(7);
});
