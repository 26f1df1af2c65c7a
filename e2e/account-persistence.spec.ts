import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { payByCard, putOneItemInCart } from './support/checkout.ts';
import { fillSignUp, PASSWORD, signUp } from './support/shopper.ts';
import { startExtraStack, type ExtraStack } from './support/stack.ts';

// Shoppers' data lives in the embedded default's data folder: a restart of the whole shop, after
// Ctrl-C or a kill -9 of every process, keeps the account, its stored address and its orders; Ctrl-C
// the moment a shopper has signed up keeps that new account too. (A SIGTERM to the supervisor alone
// takes the same stop path: tools/stack/processes.test.ts, mf-account/server/stackStop.test.ts.)
const portBase = Number(process.env.E2E_PORT_BASE ?? 4000) + 300;

test.describe.configure({ mode: 'serial' });

/** Signs up, pays for one item with the address stored on the way; the order's number. */
async function buyAsNewShopper(browser: Browser, stack: ExtraStack, email: string): Promise<number> {
  const context = await browser.newContext({ baseURL: stack.baseURL });
  const page = await context.newPage();
  await signUp(page, email, 'Petra');
  await putOneItemInCart(page, context.request);
  await page.goto('/checkout');
  await expect(page.locator('main [data-remote="checkout"]').getByLabel('First Name')).toHaveValue('Petra');
  const orderNumber = await payByCard(page, email);
  await context.close();
  return orderNumber;
}

async function logIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  const form = page.locator('main [data-remote="account"]');
  await form.getByLabel('Email Address').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(form.getByTestId('account-greeting')).toContainText('Hello');
}

/** After the restart: the shopper signs in, finds the order paid, and checkout is prefilled with the stored address. */
async function expectAccountKept(browser: Browser, stack: ExtraStack, email: string, orderNumber: number): Promise<void> {
  const context = await browser.newContext({ baseURL: stack.baseURL });
  const page = await context.newPage();
  await logIn(page, email);
  await page.goto('/my-account?tab=orders');
  await expect(
    page
      .getByTestId('orders-table')
      .getByRole('row')
      .filter({ hasText: `#${orderNumber}` }),
  ).toContainText('Paid');
  await putOneItemInCart(page, context.request);
  await page.goto('/checkout');
  const checkout = page.locator('main [data-remote="checkout"]');
  await expect(checkout.getByLabel('First Name')).toHaveValue('Petra');
  await expect(checkout.getByRole('textbox', { name: 'Street Address', exact: true })).toHaveValue('12 Market Street');
  await context.close();
}

const newEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;

test('Ctrl-C (SIGINT to the whole shop) the moment a shopper has signed up: after the restart that account, an older one, its address and its orders are all there', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-ctrl-c-'));
  const buyer = newEmail('keep');
  const lastMoment = newEmail('ctrl-c');
  try {
    const first = await startExtraStack(portBase, dataDir);
    let orderNumber: number;
    const signingUp = await browser.newContext({ baseURL: first.baseURL });
    try {
      orderNumber = await buyAsNewShopper(browser, first, buyer);
      const page = await signingUp.newPage();
      await page.goto('/sign-up');
      await fillSignUp(page, { email: lastMoment, first: 'Ines' });
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
      await expectAccountKept(browser, second, buyer, orderNumber);
      const context = await browser.newContext({ baseURL: second.baseURL });
      await logIn(await context.newPage(), lastMoment);
      await context.close();
    } finally {
      await second.stop('SIGTERM');
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('account, stored address and orders survive kill -9 of every process of the shop', async ({ browser }) => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-persist-'));
  const email = newEmail('keep');
  try {
    const first = await startExtraStack(portBase, dataDir);
    let orderNumber: number;
    try {
      orderNumber = await buyAsNewShopper(browser, first, email);
      // A crash one second after the last change may lose nothing.
      await new Promise((resolve) => setTimeout(resolve, 1000));
    } finally {
      await first.stop('SIGKILL');
    }
    const second = await startExtraStack(portBase, dataDir);
    try {
      await expectAccountKept(browser, second, email, orderNumber);
    } finally {
      await second.stop('SIGTERM');
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
