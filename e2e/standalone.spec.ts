import path from 'node:path';
import { expect, test } from '@playwright/test';
import { runNode } from '../tools/kit/processes.ts';

// A team works on its remote alone: `npm start -w mf-cart` serves the cart's screens in its harness
// (webpack-dev-server, development build), using the running storefront's services. This starts it
// as that script does, on a port of the suite's range, against the suite's storefront.

const repoRoot = path.resolve(__dirname, '..');
const suitePort = Number(process.env.E2E_PORT_BASE ?? 4000);
const port = suitePort + 550;

test('npm start -w mf-cart: the cart screens run standalone against the running shop', async ({ page }) => {
  test.slow();
  const server = runNode('node_modules/webpack-cli/bin/cli.js', {
    name: 'the mf-cart harness',
    args: ['serve', '--mode', 'development', '--config', 'mf-cart/webpack.config.ts', '--port', String(port)],
    cwd: repoRoot,
    inheritEnv: true,
    env: { STOREFRONT_URL: `http://127.0.0.1:${suitePort}` },
    group: true,
  });
  try {
    await server.ready(`http://127.0.0.1:${port}/`, { timeoutMs: 120_000 });
    await page.goto(`http://127.0.0.1:${port}/`);
    await expect(page).toHaveURL(/\/cart-list$/);
    await expect(page.getByText('mf-cart (standalone)')).toBeVisible();
    const cartPage = page.locator('main [data-remote="cart"]');
    await expect(cartPage.getByText(/cart is empty/i)).toBeVisible();
    // A product from the suite's catalogue, through the harness's proxy to the storefront.
    await page.getByRole('button', { name: 'Add a sample' }).click();
    await expect(cartPage.locator('tbody tr')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
    // Coupons are checked by the checkout remote's client, which the harness loads from the
    // storefront (a production build that takes its federation runtime from the page).
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await cartPage.getByLabel('Coupon code').fill('SAVE10');
    await cartPage.getByRole('button', { name: 'Apply Coupon' }).click();
    await expect(cartPage.getByText(/^SAVE10 applied: 10% off your order/)).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await server.stop();
  }
});
