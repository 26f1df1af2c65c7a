import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { JS_CAP_KIB, jsBudgets, overTheCap, type BudgetState } from '../shell/src/app/jsBudgets';
import { routeManifest } from '../shell/src/app/routeManifest';
import { describeScripts, measureFirstLoad, overBudget, staffOrHarnessScripts } from '../tools/budget/firstLoad';
import { startGateway } from './support/gateway';
import { staticHost } from './support/staticHost';
import { signUp } from './support/shopper';

// The JavaScript budget of every shopper route (shell/src/app/jsBudgets.ts), measured from the
// production build in the state a shopper meets the route: the cart and the checkout with two
// products in the cart, My Account signed in. Ports: the suite's base + 560..570.

const repoRoot = path.resolve(__dirname, '..');
const portBase = Number(process.env.E2E_PORT_BASE ?? 4000) + 560;

/** Two products in the cart as the shop stores it (the spec's shape, `qun` per line). */
async function seedCart(context: BrowserContext, request: APIRequestContext): Promise<void> {
  const product = async (id: number) => (await request.get(`/api/catalog/products/${id}`)).json() as Promise<Record<string, unknown>>;
  const cart = JSON.stringify([
    { ...(await product(1)), qun: 1 },
    { ...(await product(2)), qun: 2 },
  ]);
  // Only on an empty cart: the page's own changes survive a reload.
  await context.addInitScript((stored) => {
    if (!localStorage.getItem('cart')) localStorage.setItem('cart', stored);
  }, cart);
}

async function prepare(state: BudgetState, context: BrowserContext, request: APIRequestContext): Promise<void> {
  if (state === 'cart') await seedCart(context, request);
  if (state === 'signedIn') {
    const page = await context.newPage();
    await signUp(page, `budget-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`);
    await page.close();
  }
}

test('every shopper route of the manifest has a budget, and nothing else has one', () => {
  const shopperRoutes = routeManifest.filter((route) => !('owner' in route && route.owner.remote === 'admin')).map((route) => route.path);
  expect(Object.keys(jsBudgets).sort()).toEqual([...shopperRoutes].sort());
});

test(`every budget is within the ${JS_CAP_KIB} KiB cap but those of the routes still listed over it, which are over it`, () => {
  const over = Object.entries(jsBudgets)
    .filter(([, budget]) => budget.kib > JS_CAP_KIB)
    .map(([route]) => route);
  expect(over.sort()).toEqual([...overTheCap].sort());
});

for (const [route, budget] of Object.entries(jsBudgets)) {
  test(`${route}: first-load JavaScript within ${budget.kib} KiB gzip (${budget.state})`, async ({ browser, request }) => {
    const context = await browser.newContext();
    try {
      await prepare(budget.state, context, request);
      const page = await context.newPage();
      const load = await measureFirstLoad(page, budget.visit);
      test.info().annotations.push({ type: 'first-load', description: `${(load.gzipBytes / 1024).toFixed(1)} KiB\n${describeScripts(load)}` });
      expect(staffOrHarnessScripts(load), `${route} loaded back-office or harness code`).toEqual([]);
      expect(overBudget(route, load, budget.kib) ?? 'within budget').toBe('within budget');
    } finally {
      await context.close();
    }
  });
}

test('a dependency added to a screen fails its route budget, naming the route, the figure, the budget and the new script', async ({ browser, request }) => {
  // A production build of the cart remote (10-30 s) and a gateway of its own.
  test.slow();
  const out = mkdtempSync(path.join(os.tmpdir(), 'e2e-budget-scratch-'));
  await promisify(execFile)(
    process.execPath,
    ['tools/budget/scratchBuild.ts', '--remote', 'cart', '--screen', 'src/cart-page/CartPage.tsx', '--dependency', 'zod', '--out', out],
    { cwd: repoRoot },
  );
  const host = await staticHost(out, portBase);
  const gateway = await startGateway(portBase + 5, { REMOTE_CART_URL: `${host.origin}/mf-manifest.json` });
  const context = await browser.newContext({ baseURL: gateway.baseURL });
  try {
    await prepare('cart', context, request);
    const page = await context.newPage();
    const load = await measureFirstLoad(page, '/cart-list');
    const budget = jsBudgets['/cart-list']!.kib;
    const message = overBudget('/cart-list', load, budget);
    expect(message).toMatch(new RegExp(`^/cart-list: \\d+\\.\\d KiB gzip of JavaScript before the page is live, over its budget of ${budget} KiB`));
    // The largest script is the scratch build's new one, from the cart team's host.
    expect(load.scripts[0]!.url.startsWith(host.origin)).toBe(true);
    expect(message).toContain(new URL(load.scripts[0]!.url).pathname);
  } finally {
    await context.close();
    await gateway.stop();
    await host.close();
    rmSync(out, { recursive: true, force: true });
  }
});
