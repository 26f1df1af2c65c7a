import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { inboxURL } from './playwright.config.ts';
import { authAdminHeaders } from './support/authAdmin.ts';
import { PASSWORD } from './support/shopper.ts';

// The shop's own password-reset page (/reset-password), where the reset mail's link lands, against
// the stack's Auth emulator: offline end to end (Forget pasword on /login, the shop's mail in the
// local inbox, its link), and the page's own cases with a code taken from the emulator's record.

const NEW_PASSWORD = 'fresh-pass-42';
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const main = (page: Page) => page.locator('main [data-remote="account"]');

async function firebase(request: APIRequestContext): Promise<{ auth: string; projectId: string }> {
  const config = (await (await request.get('/app-config.json')).json()) as { firebase: { authEmulatorUrl: string; projectId: string } };
  return { auth: config.firebase.authEmulatorUrl.replace(/\/$/, ''), projectId: config.firebase.projectId };
}

/** An account on the Auth emulator and a fresh password-reset code for it. */
async function accountWithResetCode(request: APIRequestContext, email: string): Promise<string> {
  const { auth, projectId } = await firebase(request);
  const api = `${auth}/identitytoolkit.googleapis.com/v1`;
  expect((await request.post(`${api}/accounts:signUp?key=demo-api-key`, { data: { email, password: PASSWORD, returnSecureToken: true } })).ok()).toBe(true);
  expect((await request.post(`${api}/accounts:sendOobCode?key=demo-api-key`, { data: { requestType: 'PASSWORD_RESET', email } })).ok()).toBe(true);
  const { oobCodes } = (await (await request.get(`${auth}/emulator/v1/projects/${projectId}/oobCodes`, { headers: authAdminHeaders() })).json()) as {
    oobCodes: Array<{ email: string; requestType: string; oobCode: string }>;
  };
  const code = oobCodes.findLast((entry) => entry.email === email && entry.requestType === 'PASSWORD_RESET')?.oobCode;
  expect(code).toBeTruthy();
  return code!;
}

/** The reset link of the shop's mail to `to`, once it reached the local inbox (the outbox sends within seconds). */
async function resetLinkFromInbox(request: APIRequestContext, to: string): Promise<{ subject: string; link: URL }> {
  type Mail = { subject: string; to: Array<{ address: string }>; text: string };
  let mail: Mail | undefined;
  await expect
    .poll(
      async () => {
        const inbox = (await (await request.get(`${inboxURL}/api/email`)).json()) as Mail[];
        mail = inbox.find((entry) => entry.to.some((recipient) => recipient.address === to));
        return mail !== undefined;
      },
      { timeout: 30_000, message: `the reset mail to ${to}` },
    )
    .toBe(true);
  const link = /https?:\/\/\S+\/reset-password\?\S+/.exec(mail!.text)?.[0];
  expect(link, mail!.text).toBeTruthy();
  return { subject: mail!.subject, link: new URL(link!) };
}

async function logIn(page: Page, email: string, password: string) {
  const form = main(page);
  await form.getByLabel('Email Address').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

test('offline, end to end: Forget pasword mails a link to the local inbox, which sets a new password that signs in', async ({ page, request }) => {
  const email = uniqueEmail('inbox');
  const { auth } = await firebase(request);
  const signUp = await request.post(`${auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    data: { email, password: PASSWORD, returnSecureToken: true },
  });
  expect(signUp.ok()).toBe(true);

  await page.goto('/login');
  const form = main(page);
  await form.getByLabel('Email Address').fill(email);
  await form.getByRole('button', { name: 'Forget pasword' }).click();
  await expect(page.getByRole('status').filter({ hasText: `If an account exists for ${email}` })).toBeVisible();

  const { subject, link } = await resetLinkFromInbox(request, email);
  expect(subject).toMatch(/^Reset your password/);
  expect(link.pathname).toBe('/reset-password');
  expect(link.searchParams.get('lang')).toBe('en');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(main(page).getByTestId('reset-email')).toHaveText(email);
  await main(page).getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await main(page).getByLabel('Repeat Password').fill(NEW_PASSWORD);
  await main(page).getByRole('button', { name: 'Save the new password' }).click();
  await expect(main(page).getByTestId('reset-done')).toContainText('Your password has been changed.');

  await main(page).getByRole('link', { name: 'Log in' }).click();
  await logIn(page, email, PASSWORD);
  await expect(main(page).getByTestId('login-error')).toHaveText('Wrong information.! Please Check Your Email and Password');
  await logIn(page, email, NEW_PASSWORD);
  await expect(page.getByRole('status').filter({ hasText: /You are logged in\. Welcome back/ })).toBeVisible();
});

test('a reset link sets a new password: the new one signs in, the old one no longer does, the link works once', async ({ page, request }) => {
  const email = uniqueEmail('reset');
  const code = await accountWithResetCode(request, email);
  const link = `/reset-password?mode=resetPassword&oobCode=${encodeURIComponent(code)}&lang=en`;

  const response = await page.goto(link);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Set a new password/);
  const form = main(page);
  await expect(form.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
  await expect(form.getByTestId('reset-email')).toHaveText(email);

  // Sign-up's rules and messages, at the fields.
  const password = form.getByLabel('New Password', { exact: true });
  await password.fill('abcdefgh');
  await form.getByLabel('Repeat Password').fill('abcdefgh');
  await form.getByRole('button', { name: 'Save the new password' }).click();
  await expect(password).toHaveAccessibleDescription(/at least one letter and one digit/);
  await expect(password).toBeFocused();
  await password.fill(NEW_PASSWORD);
  await form.getByLabel('Repeat Password').fill(`${NEW_PASSWORD}x`);
  await form.getByRole('button', { name: 'Save the new password' }).click();
  await expect(form.getByLabel('Repeat Password')).toHaveAccessibleDescription('Passwords do not match');
  await form.getByLabel('Repeat Password').fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Save the new password' }).click();
  await expect(form.getByTestId('reset-done')).toContainText('Your password has been changed.');
  await expect(form.getByTestId('reset-done')).toBeFocused();

  await form.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email, PASSWORD);
  await expect(main(page).getByTestId('login-error')).toHaveText('Wrong information.! Please Check Your Email and Password');
  await logIn(page, email, NEW_PASSWORD);
  await expect(page.getByRole('status').filter({ hasText: /You are logged in\. Welcome back/ })).toBeVisible();

  // The same link again: used up, said clearly, with the way to a new one.
  await page.goto(link);
  const problem = main(page).getByTestId('reset-link-problem');
  await expect(problem).toContainText('This link has expired or has already been used.');
  await problem.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a link without a code says so; the page speaks the link’s language, fits a phone and is accessible', async ({ page, request }) => {
  await page.goto('/reset-password');
  await expect(main(page).getByTestId('reset-link-problem')).toContainText('This link is incomplete.');

  const code = await accountWithResetCode(request, uniqueEmail('reset-ru'));
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/reset-password?mode=resetPassword&oobCode=${encodeURIComponent(code)}&lang=ru`);
  const form = main(page);
  await expect(form.getByRole('heading', { level: 1, name: 'Задайте новый пароль' })).toBeVisible();
  await expect(form.getByLabel('Новый пароль', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);

  // Never filed by search engines.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  expect(await (await request.get('/robots.txt')).text()).toContain('Disallow: /reset-password\n');
});
