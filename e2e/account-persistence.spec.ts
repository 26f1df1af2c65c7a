import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { payByCard, putOneItemInCart } from './support/checkout.ts';
import { fillSignUp, PASSWORD, signUp } from './support/shopper.ts';
import { startExtraStack } from './support/stack.ts';

// Shoppers' data lives in the embedded default's data folder: a restart of the whole shop, clean or
// a kill -9 of every process, keeps the account, its stored address and its orders; Ctrl-C the
// moment a shopper has signed up keeps the new account.
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

test('a shopper whose account was created the moment before Ctrl-C (SIGINT to the whole shop) signs in after the restart', async ({ browser }) => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-ctrl-c-'));
  const email = `ctrl-c-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  try {
    const first = await startExtraStack(portBase, dataDir);
    const signingUp = await browser.newContext({ baseURL: first.baseURL });
    try {
      const page = await signingUp.newPage();
      await page.goto('/sign-up');
      await fillSignUp(page, { email, first: 'Ines' });
      let stopped: Promise<void> | undefined;
      await page.route('**/accounts:signUp?*', async (route) => {
        const response = await route.fetch();
        // The Auth service has answered that the account exists: 0 ms later the whole process
        // group gets SIGINT, as from Ctrl-C in the terminal running npm start.
        stopped = first.stop('SIGINT');
        await route.fulfill({ response });
      });
      await page.locator('main [data-remote="account"]').getByRole('button', { name: 'Create account' }).click();
      await expect.poll(() => stopped !== undefined).toBe(true);
      await stopped;
    } finally {
      await first.stop('SIGINT');
      await signingUp.close();
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
      await expect(page).toHaveURL(/\/my-account$/);
      await expect(form.getByTestId('account-greeting')).toContainText('Hello');
      await context.close();
    } finally {
      await second.stop('SIGTERM');
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
