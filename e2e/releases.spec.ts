import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { startGateway } from './support/gateway';
import { staticHost } from './support/staticHost';
import { toteLine } from './support/storedCart';

// Independent releases as a team meets them: a remote hosted on another origin, and a remote
// promoted and rolled back while shoppers have the shop open. Each test runs a gateway of its own
// in front of the suite's services. Ports: the suite's base + 510..550.

const repoRoot = path.resolve(__dirname, '..');
const portBase = Number(process.env.E2E_PORT_BASE ?? 4000) + 500;
const cli = path.join(repoRoot, 'shell/releases/cli.ts');
const run = promisify(execFile);

const tote = toteLine;

const cartTrigger = (page: Page) => page.locator('header [data-remote="cart"]').getByRole('button', { name: 'Cart, 1 item' });
const cartRow = (page: Page) => page.locator('main [data-remote="cart"]').getByRole('link', { name: 'Canvas Tote', exact: true });
const fallback = (page: Page) => page.getByRole('heading', { name: 'This part of the shop is unavailable' });

/** Records every Content-Security-Policy violation the page reports. */
async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

function requestsTo(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

/**
 * The release and deploy commands as a team runs them, on releases of the test's own. Asynchronous:
 * the static host answering the deploy command's checks runs in this process. Each call must succeed.
 */
function releaseCommands(releasesDir: string) {
  const env = { ...process.env, RELEASES_DIR: releasesDir, USER: 'e2e' };
  return async (...args: string[]) => {
    const result = await run(process.execPath, [cli, ...args], { cwd: repoRoot, env, encoding: 'utf8' }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect('code' in result ? result.code : 0, `${args.join(' ')}: ${result.stderr}`).toBe(0);
    return (result as { stdout: string }).stdout;
  };
}

async function seedCart(page: Page, baseURL: string): Promise<void> {
  await page.goto(`${baseURL}/about`);
  await page.evaluate((item) => localStorage.setItem('cart', JSON.stringify([item])), tote);
}

test('a remote hosted on another origin works through the shell, with the CSP on and nothing refused', async ({ page }) => {
  // A gateway of its own starts (up to 30 s on a loaded machine) before the page loads.
  test.slow();
  const host = await staticHost(path.join(repoRoot, 'mf-cart', 'dist'), portBase + 10);
  const gateway = await startGateway(portBase + 20, { REMOTE_CART_URL: `${host.origin}/mf-manifest.json` });
  try {
    const violations = await watchPolicy(page);
    const urls = requestsTo(page);
    await seedCart(page, gateway.baseURL);
    await page.goto(`${gateway.baseURL}/cart-list`);
    await expect(cartRow(page)).toBeVisible();
    await expect(cartTrigger(page)).toBeVisible();
    await expect(fallback(page)).toHaveCount(0);
    expect(urls.filter((url) => url.startsWith(host.origin)).some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
    expect(await violations()).toEqual([]);
  } finally {
    await gateway.stop();
    await host.close();
  }
});

test('open pages survive a promotion and a rollback; fresh pages get the live release, from here or another origin', async ({ page, browser }) => {
  test.slow();
  const releasesDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-releases-'));
  const cliRun = releaseCommands(releasesDir);
  // One release built as a team builds it, and a second one that differs by a file.
  const first = /\[release\] cart (\S+) \(/.exec(await cliRun('release', 'cart'))![1]!;
  const copy = mkdtempSync(path.join(os.tmpdir(), 'e2e-cart-build-'));
  cpSync(path.join(releasesDir, 'cart', first), copy, { recursive: true });
  writeFileSync(path.join(copy, 'build-note.txt'), 'second build\n');
  rmSync(path.join(copy, 'release.json'));
  const { createRelease } = await import('../shell/releases/releaseStore.ts');
  const notes = JSON.parse(readFileSync(path.join(releasesDir, 'cart', first, 'release.json'), 'utf8')) as { routerImports: string[] };
  const second = createRelease(releasesDir, 'cart', copy, '0.1.0', notes).id;
  expect(second).not.toBe(first);

  const gateway = await startGateway(portBase + 30, { RELEASES_DIR: releasesDir });
  const host = await staticHost(releasesDir, portBase + 40);
  try {
    await cliRun('deploy', 'cart', '--release', first);
    const violations = await watchPolicy(page);
    const urls = requestsTo(page);
    await seedCart(page, gateway.baseURL);
    await page.goto(gateway.baseURL);
    await expect(cartTrigger(page)).toBeVisible();
    expect(urls.some((url) => url.includes(`/releases/cart/${first}/remoteEntry.js`))).toBe(true);

    // Promoted while the page is open: the page goes on with the release it started with.
    await cliRun('deploy', 'cart', '--release', second);
    const before = urls.length;
    await cartTrigger(page).click();
    await page.getByRole('region', { name: 'Cart contents' }).getByRole('link', { name: 'View Cart' }).click();
    await expect(page).toHaveURL(/\/cart-list$/);
    await expect(cartRow(page)).toBeVisible();
    await expect(fallback(page)).toHaveCount(0);
    const afterPromotion = urls.slice(before).filter((url) => url.includes('/releases/cart/'));
    expect(afterPromotion.length).toBeGreaterThan(0);
    expect(afterPromotion.every((url) => url.includes(`/releases/cart/${first}/`))).toBe(true);

    // A fresh load gets the new release.
    await page.reload();
    await expect(cartRow(page)).toBeVisible();
    expect(urls.some((url) => url.includes(`/releases/cart/${second}/remoteEntry.js`))).toBe(true);

    // Rolled back: the open page keeps working; a fresh page gets the earlier release again.
    await cliRun('deploy', 'cart', '--rollback');
    await page.getByRole('link', { name: 'About' }).first().click();
    await cartTrigger(page).click();
    await page.getByRole('region', { name: 'Cart contents' }).getByRole('link', { name: 'View Cart' }).click();
    await expect(cartRow(page)).toBeVisible();
    const fresh = await browser.newPage();
    const freshUrls = requestsTo(fresh);
    await seedCart(fresh, gateway.baseURL);
    await fresh.goto(`${gateway.baseURL}/cart-list`);
    await expect(cartRow(fresh)).toBeVisible();
    expect(freshUrls.some((url) => url.includes(`/releases/cart/${first}/remoteEntry.js`))).toBe(true);
    expect(freshUrls.some((url) => url.includes(`/releases/cart/${second}/`))).toBe(false);

    // The same release hosted on another origin: promoted with its URL, the CSP follows.
    await cliRun('deploy', 'cart', '--release', second, '--url', `${host.origin}/cart/${second}/mf-manifest.json`);
    const elsewhere = await browser.newPage();
    const elsewhereViolations = await watchPolicy(elsewhere);
    const elsewhereUrls = requestsTo(elsewhere);
    await seedCart(elsewhere, gateway.baseURL);
    await elsewhere.goto(gateway.baseURL);
    await expect(cartTrigger(elsewhere)).toBeVisible();
    await cliRun('deploy', 'cart', '--rollback');
    await cartTrigger(elsewhere).click();
    await elsewhere.getByRole('region', { name: 'Cart contents' }).getByRole('link', { name: 'View Cart' }).click();
    await expect(cartRow(elsewhere)).toBeVisible();
    await expect(fallback(elsewhere)).toHaveCount(0);
    expect(elsewhereUrls.filter((url) => url.startsWith(host.origin)).length).toBeGreaterThan(1);
    expect(await elsewhereViolations()).toEqual([]);
    expect(await violations()).toEqual([]);

    expect((await cliRun('deploy', '--history')).trim().split('\n')).toHaveLength(5);
    await fresh.close();
    await elsewhere.close();
  } finally {
    await gateway.stop();
    await host.close();
    rmSync(releasesDir, { recursive: true, force: true });
    rmSync(copy, { recursive: true, force: true });
  }
});

test('the shell ships as a release of its own: open pages keep working across its promotion and rollback, fresh pages get the live shell', async ({
  page,
  browser,
}) => {
  test.slow();
  const releasesDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-shell-releases-'));
  const cliRun = releaseCommands(releasesDir);
  const first = /\[release\] shell (\S+) \(/.exec(await cliRun('release', 'shell'))![1]!;
  // A second shell whose entry script changed (new content, new hashed name), as the next shell
  // build that touches the bootstrap would: the first release's script is not in it.
  const copy = mkdtempSync(path.join(os.tmpdir(), 'e2e-shell-build-'));
  cpSync(path.join(releasesDir, 'shell', first), copy, { recursive: true });
  rmSync(path.join(copy, 'release.json'));
  const html = readFileSync(path.join(copy, 'index.html'), 'utf8');
  const firstMain = /\/assets\/(main\.[0-9a-f]{10}\.js)/.exec(html)![1]!;
  const secondMain = firstMain.replace(/\.[0-9a-f]{10}\./, '.5ec0bd5ec0.');
  writeFileSync(path.join(copy, 'assets', secondMain), `${readFileSync(path.join(copy, 'assets', firstMain), 'utf8')}\n/* second shell build */\n`);
  for (const suffix of ['', '.br', '.gz', '.map']) rmSync(path.join(copy, 'assets', `${firstMain}${suffix}`), { force: true });
  writeFileSync(path.join(copy, 'index.html'), html.replace(firstMain, secondMain));
  const { createRelease } = await import('../shell/releases/releaseStore.ts');
  const second = createRelease(releasesDir, 'shell', copy, '0.1.0').id;

  const gateway = await startGateway(portBase + 50, { RELEASES_DIR: releasesDir });
  try {
    await cliRun('deploy', 'shell', '--release', first);
    const urls = requestsTo(page);
    const failed: string[] = [];
    page.on('response', (response) => void (response.status() >= 400 && failed.push(`${response.status()} ${response.url()}`)));
    await seedCart(page, gateway.baseURL);
    await page.goto(gateway.baseURL);
    await expect(cartTrigger(page)).toBeVisible();
    expect(urls.some((url) => url.endsWith(`/assets/${firstMain}`))).toBe(true);

    // Promoted while the page is open: the page goes on with the shell it started with, and every
    // remote screen it opens next still finds the shell's shared libraries.
    await cliRun('deploy', 'shell', '--release', second);
    // What a page whose HTML came just before the promotion asks for next: the first shell's script.
    expect(await page.evaluate((address) => fetch(address).then((response) => response.status), `/assets/${firstMain}`)).toBe(200);
    await page.getByRole('navigation').getByRole('link', { name: 'Shop', exact: true }).first().click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByRole('heading', { name: 'Shop by Category' })).toBeVisible();
    await cartTrigger(page).click();
    await page.getByRole('region', { name: 'Cart contents' }).getByRole('link', { name: 'View Cart' }).click();
    await expect(cartRow(page)).toBeVisible();
    await expect(fallback(page)).toHaveCount(0);
    expect(failed).toEqual([]);

    // A fresh page gets the new shell; after a rollback, the earlier one again.
    const fresh = await browser.newPage();
    const freshUrls = requestsTo(fresh);
    await seedCart(fresh, gateway.baseURL);
    await fresh.goto(`${gateway.baseURL}/cart-list`);
    await expect(cartRow(fresh)).toBeVisible();
    expect(freshUrls.some((url) => url.endsWith(`/assets/${secondMain}`))).toBe(true);
    expect(freshUrls.some((url) => url.endsWith(`/assets/${firstMain}`))).toBe(false);
    await cliRun('deploy', 'shell', '--rollback');
    await fresh.reload();
    await expect(cartRow(fresh)).toBeVisible();
    expect(freshUrls.some((url) => url.endsWith(`/assets/${firstMain}`))).toBe(true);
    // The page opened on the second shell keeps working after the rollback too.
    await fresh.getByRole('link', { name: 'About' }).first().click();
    await expect(fresh).toHaveURL(/\/about$/);
    await expect(fallback(fresh)).toHaveCount(0);
    await fresh.close();
  } finally {
    await gateway.stop();
    rmSync(releasesDir, { recursive: true, force: true });
    rmSync(copy, { recursive: true, force: true });
  }
});
