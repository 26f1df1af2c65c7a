import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { payByCard, putOneItemInCart } from './support/checkout.ts';
import { PASSWORD, signUp } from './support/shopper.ts';
import { startExtraStack } from './support/stack.ts';

// Shoppers' data lives in the embedded default's data folder: a restart of the whole shop, clean or
// a kill -9 of every process, keeps the account, its stored address and its orders.
const portBase = Number(process.env.E2E_PORT_BASE ?? 4000) + 300;

test.describe.configure({ mode: 'serial' });

for (const [how, signal] of [
  ['a clean stop', 'SIGTERM'],
  ['kill -9 of every process', 'SIGKILL'],
] as const) {
  test(`account, stored address and orders survive ${how} of the shop`, async ({ browser }) => {
    test.setTimeout(240_000);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-persist-'));
    const email = `keep-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
    try {
      const first = await startExtraStack(portBase, dataDir);
      let orderNumber: number;
      try {
        const context = await browser.newContext({ baseURL: first.baseURL });
        const page = await context.newPage();
        await signUp(page, email, 'Petra');
        await putOneItemInCart(page, context.request);
        await page.goto('/checkout');
        await expect(page.locator('main [data-remote="checkout"]').getByLabel('First Name')).toHaveValue('Petra');
        orderNumber = await payByCard(page, email);
        await context.close();
        // A crash one second after the last change may lose nothing.
        if (signal === 'SIGKILL') await new Promise((resolve) => setTimeout(resolve, 1000));
      } finally {
        await first.stop(signal);
      }

      const second = await startExtraStack(portBase, dataDir);
      try {
        const context = await browser.newContext({ baseURL: second.baseURL });
        const page = await context.newPage();
        await page.goto('/login');
        const form = page.locator('main [data-remote="account"]');
        await form.getByLabel('Email Address').fill(email);
        await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
        await form.getByRole('button', { name: 'Log in' }).click();
        await expect(page.getByRole('status').filter({ hasText: /You are logged in\. Welcome back/ })).toBeVisible();
        await page.goto('/my-account?tab=orders');
        const table = page.getByTestId('orders-table');
        await expect(table.getByRole('row').filter({ hasText: `#${orderNumber}` })).toContainText('Paid');
        // The stored address prefills checkout again.
        await putOneItemInCart(page, context.request);
        await page.goto('/checkout');
        const checkout = page.locator('main [data-remote="checkout"]');
        await expect(checkout.getByLabel('First Name')).toHaveValue('Petra');
        await expect(checkout.getByRole('textbox', { name: 'Street Address', exact: true })).toHaveValue('12 Market Street');
        await context.close();
      } finally {
        await second.stop('SIGTERM');
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
