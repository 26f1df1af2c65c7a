import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { fillSignUp, PASSWORD, signUp } from './support/shopper.ts';
import { authAdminHeaders } from './support/authAdmin.ts';

// Accounts end to end against the stack's real local backends: the firebase-tools Auth emulator and
// the rules-enforcing Realtime Database server, with the checkout service's token sync. Every test
// uses its own email address, so tests run in parallel and against a database that keeps growing.

const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

const header = (page: Page) => page.getByRole('banner');
const menuTrigger = (page: Page) => header(page).getByRole('button', { name: /^Account menu/ });
const menu = (page: Page) => page.getByRole('region', { name: 'Account' });
const main = (page: Page) => page.locator('main [data-remote="account"]');
const toastRegion = (page: Page) => page.getByRole('status').filter({ hasText: /\S/ });

interface ToastEvent {
  message: string;
  kind: string;
  position?: string;
  durationMs?: number;
}

/** Records the toasts asked for on the page's shared bus (until the next full page load). */
async function watchToasts(page: Page): Promise<() => Promise<ToastEvent[]>> {
  await page.waitForFunction(() => {
    const registry = (globalThis as Record<symbol, Map<string, unknown> | undefined>)[Symbol.for('shared-events.registry.v2')];
    return Boolean(registry?.get('bus-channel'));
  });
  await page.evaluate(() => {
    const registry = (globalThis as Record<symbol, Map<string, unknown> | undefined>)[Symbol.for('shared-events.registry.v2')];
    const channel = registry?.get('bus-channel') as { wire: { subscribe(next: (event: { type: string }) => void): unknown } };
    const seen: unknown[] = [];
    (window as unknown as { __toasts: unknown[] }).__toasts = seen;
    channel.wire.subscribe((event) => {
      if (event.type === 'toast:requested') seen.push(event);
    });
  });
  return () => page.evaluate(() => (window as unknown as { __toasts: ToastEvent[] }).__toasts);
}

async function authEmulatorUrl(request: APIRequestContext): Promise<string> {
  const config = (await (await request.get('/app-config.json')).json()) as { firebase: { authEmulatorUrl: string } };
  return config.firebase.authEmulatorUrl.replace(/\/$/, '');
}

/** An account made straight on the Auth emulator (no record in the database). */
async function createAccount(request: APIRequestContext, email: string, displayName = 'Bea'): Promise<void> {
  const url = `${await authEmulatorUrl(request)}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`;
  const response = await request.post(url, { data: { email, password: PASSWORD, displayName, returnSecureToken: true } });
  expect(response.ok()).toBe(true);
}

async function logOutFromHeader(page: Page) {
  await menuTrigger(page).click();
  await menu(page).getByRole('button', { name: 'Log Out' }).click();
  await expect(menuTrigger(page)).toHaveAccessibleName('Account menu');
}

async function logIn(page: Page, email: string, password = PASSWORD) {
  const form = main(page);
  await form.getByLabel('Email Address').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

const emailDescription = (page: Page) => main(page).getByLabel('Email Address');

test.describe('sign up', () => {
  test('blocks every invalid submission with a message at the field', async ({ page }) => {
    await page.goto('/sign-up');
    const form = main(page);
    const submit = form.getByRole('button', { name: 'Create account' });

    // Empty email (spec text, verbatim, under the field).
    await fillSignUp(page, { email: '' });
    await submit.click();
    await expect(emailDescription(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(emailDescription(page)).toHaveAccessibleDescription('Please fill it with your Email');
    await expect(emailDescription(page)).toBeFocused();

    // Malformed email.
    await emailDescription(page).fill('ann@example');
    await submit.click();
    await expect(emailDescription(page)).toHaveAccessibleDescription('Please enter the valid email');

    // Mismatched passwords.
    await emailDescription(page).fill(uniqueEmail('mismatch'));
    await form.getByLabel('Repeat Password').fill('abcd12345');
    await submit.click();
    await expect(form.getByLabel('Repeat Password')).toHaveAccessibleDescription('Passwords do not match');
    await form.getByLabel('Repeat Password').fill(PASSWORD);

    // Weak password.
    await form.getByLabel('Password', { exact: true }).fill('abc');
    await form.getByLabel('Repeat Password').fill('abc');
    await submit.click();
    await expect(form.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(/Password must be at least 8 characters long/);
    await form.getByLabel('Password', { exact: true }).fill('abcdefgh');
    await form.getByLabel('Repeat Password').fill('abcdefgh');
    await submit.click();
    await expect(form.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(/at least one letter and one digit/);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Repeat Password').fill(PASSWORD);

    // Missing policy agreement.
    await form.getByRole('checkbox', { name: /Privacy Policy/ }).uncheck();
    await submit.click();
    await expect(form.getByRole('checkbox', { name: /Privacy Policy/ })).toHaveAccessibleDescription('Please agree to the Privacy Policy to create an account');
    await expect(page).toHaveURL(/\/sign-up$/);
    await expect(menuTrigger(page)).toHaveAccessibleName('Account menu');
  });

  test('reports an email that already has an account', async ({ page, request }) => {
    const email = uniqueEmail('taken');
    await createAccount(request, email);
    await page.goto('/sign-up');
    await fillSignUp(page, { email });
    await main(page).getByRole('button', { name: 'Create account' }).click();
    await expect(emailDescription(page)).toHaveAccessibleDescription('An account with this email already exists. Log in or use another email.');
    await expect(page).toHaveURL(/\/sign-up$/);
  });

  test('succeeds: toast, cleared form, /login after 2.5 s showing the new account', async ({ page }) => {
    const email = uniqueEmail('new');
    await page.goto('/sign-up');
    await fillSignUp(page, { email, first: 'Carla' });
    await main(page).getByRole('button', { name: 'Create account' }).click();
    await expect(toastRegion(page).filter({ hasText: 'Congratulations, SignUp Done!' })).toBeVisible();
    const toastAt = Date.now();
    await expect(main(page).getByLabel('First Name')).toHaveValue('');
    await expect(emailDescription(page)).toHaveValue('');
    await expect(page).toHaveURL(/\/sign-up$/);
    await page.waitForURL(/\/login$/, { timeout: 6000 });
    const waited = Date.now() - toastAt;
    expect(waited).toBeGreaterThan(1800);
    expect(waited).toBeLessThan(4500);
    // Signed in by the sign-up: /login shows the account dashboard (the spec's second reading).
    await expect(main(page).getByTestId('account-greeting')).toHaveText('Hello Carla (not Carla? Log out)');
    await expect(menuTrigger(page)).toHaveAccessibleName('Account menu, logged in as Carla');
  });
});

test.describe('log in', () => {
  test('shows the spec’s three errors verbatim', async ({ page, request }) => {
    const email = uniqueEmail('errors');
    await createAccount(request, email);
    await page.goto('/login');
    const form = main(page);
    await form.getByRole('button', { name: 'Log in' }).click();
    await expect(emailDescription(page)).toHaveAccessibleDescription('Please fill it with your Email');
    await emailDescription(page).fill('ann.example.com');
    await expect(form.getByText('Please fill it with your Email')).toHaveCount(0);
    await form.getByRole('button', { name: 'Log in' }).click();
    await expect(emailDescription(page)).toHaveAccessibleDescription('Please enter the valid email');
    await logIn(page, email, 'wrong-password-1');
    await expect(form.getByRole('alert').filter({ hasText: 'Wrong information.! Please Check Your Email and Password' })).toBeVisible();
    // Typing in the password field clears the general error.
    await form.getByLabel('Password', { exact: true }).fill('x');
    await expect(form.getByText('Wrong information.! Please Check Your Email and Password')).toHaveCount(0);
    await expect(menuTrigger(page)).toHaveAccessibleName('Account menu');
  });

  test('the eye toggle shows and hides the password', async ({ page }) => {
    await page.goto('/login');
    const password = main(page).getByLabel('Password', { exact: true });
    await expect(password).toHaveAttribute('placeholder', 'minimum 8 digits');
    await expect(main(page).getByLabel('Email Address')).toHaveAttribute('placeholder', /@example\.com$/);
    await main(page).getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await main(page).getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
    await expect(main(page).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/sign-up');
  });

  test('succeeds: toast top-left, lands on /my-account greeting the shopper by name, header follows', async ({ page }) => {
    const email = uniqueEmail('login');
    await signUp(page, email, 'Dora');
    await logOutFromHeader(page);

    await page.goto('/login');
    const toasts = await watchToasts(page);
    await logIn(page, email);
    await expect(page).toHaveURL(/\/my-account$/);
    await expect(main(page).getByTestId('account-greeting')).toHaveText('Hello Dora (not Dora? Log out)');
    await expect(toastRegion(page).filter({ hasText: 'Welcome back, Dora' })).toBeVisible();
    expect(await toasts()).toEqual([expect.objectContaining({ kind: 'success', position: 'top-left', durationMs: 2500 })]);
    await expect(menuTrigger(page)).toHaveAccessibleName('Account menu, logged in as Dora');
    await menuTrigger(page).click();
    await expect(menu(page).getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/my-account');
    await expect(menu(page).getByRole('button', { name: 'Log Out' })).toBeVisible();
    await expect(menu(page).getByRole('link', { name: 'Log In' })).toHaveCount(0);
  });

  test('goes back where the shopper came from', async ({ page, request }) => {
    const email = uniqueEmail('return');
    await createAccount(request, email, 'Eve');
    await page.goto('/about');
    await menuTrigger(page).click();
    await menu(page).getByRole('link', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, email);
    await expect(page).toHaveURL(/\/about$/);
    await expect(menuTrigger(page)).toHaveAccessibleName('Account menu, logged in as Eve');
  });
});

test.describe('password reset', () => {
  test('a malformed email fails with the spec’s message; a valid one gets a toast bottom-left', async ({ page, request }) => {
    const email = uniqueEmail('reset');
    await createAccount(request, email);
    await page.goto('/login');
    const toasts = await watchToasts(page);
    const form = main(page);
    await form.getByLabel('Email Address').fill('not-an-email');
    await form.getByRole('button', { name: 'Forget pasword' }).click();
    await expect(form.getByRole('alert').filter({ hasText: 'Firstly, Enter your valid email' })).toBeVisible();

    await form.getByLabel('Email Address').fill(email);
    await expect(form.getByText('Firstly, Enter your valid email')).toHaveCount(0);
    await form.getByRole('button', { name: 'Forget pasword' }).click();
    await expect(toastRegion(page).filter({ hasText: `If an account exists for ${email}` })).toBeVisible();
    expect(await toasts()).toEqual([expect.objectContaining({ kind: 'success', position: 'bottom-left', durationMs: 2500 })]);

    // The emulator really received the reset request.
    const codes = (await (
      await request.get(`${await authEmulatorUrl(request)}/emulator/v1/projects/demo-storefront/oobCodes`, { headers: authAdminHeaders() })
    ).json()) as {
      oobCodes: Array<{ email: string; requestType: string }>;
    };
    expect(codes.oobCodes.some((code) => code.email === email && code.requestType === 'PASSWORD_RESET')).toBe(true);
  });
});

test.describe('signed-in shopper', () => {
  test('log out from the header signs out everywhere in the page, and for good', async ({ page }) => {
    const email = uniqueEmail('logout');
    await signUp(page, email, 'Finn');
    await page.goto('/my-account');
    await expect(main(page).getByTestId('account-greeting')).toContainText('Hello Finn');
    await logOutFromHeader(page);
    // The page itself follows: the dashboard gives way to the login form.
    await expect(main(page).getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('auth-hint'))).toBeNull();
    // The checkout service's session went too.
    expect((await page.request.get('/api/checkout/session')).status()).toBe(401);
    await page.reload();
    await expect(main(page).getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await expect(menuTrigger(page)).toHaveAccessibleName('Account menu');
    await menuTrigger(page).click();
    await expect(menu(page).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/sign-up');
    await expect(menu(page).getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  });

  test('the header shows the signed-in menu on every page load, and token sync gives checkout a session', async ({ page }) => {
    const email = uniqueEmail('header');
    await signUp(page, email, 'Gus');
    for (const path of ['/', '/about', '/cart-list']) {
      await page.goto(path);
      await expect(menuTrigger(page)).toHaveAccessibleName('Account menu, logged in as Gus');
    }
    await expect
      .poll(async () => {
        const response = await page.request.get('/api/checkout/session');
        return response.ok() ? ((await response.json()) as { email: string }).email : null;
      })
      .toBe(email);
    // Escape closes the menu and returns focus to its button.
    await menuTrigger(page).click();
    await expect(menu(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu(page)).toHaveCount(0);
    await expect(menuTrigger(page)).toBeFocused();
    // A click elsewhere closes it too.
    await menuTrigger(page).click();
    await page.getByRole('contentinfo').click();
    await expect(menu(page)).toHaveCount(0);
  });

  test('account details and the address are edited, stored, and still there after a reload', async ({ page }) => {
    const email = uniqueEmail('details');
    await signUp(page, email, 'Hana');
    await page.goto('/my-account?tab=details');
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByLabel('First Name')).toHaveValue('Hana');
    await expect(panel.getByLabel('Telephone')).toHaveValue('+1 555 0100');
    await panel.getByLabel('First Name').fill('');
    await panel.getByRole('button', { name: 'Save changes' }).click();
    await expect(panel.getByLabel('First Name')).toHaveAccessibleDescription('Please enter your first name');
    await panel.getByLabel('First Name').fill('Hannah');
    await panel.getByLabel('Last Name').fill('Ito');
    await panel.getByLabel('Telephone').fill('+44 20 7946 0000');
    await panel.getByRole('button', { name: 'Save changes' }).click();
    await expect(panel.getByText('Your account details were saved.')).toBeVisible();

    await page.getByRole('tab', { name: 'Addresses' }).click();
    await expect(page).toHaveURL(/tab=addresses/);
    await page.getByRole('tabpanel').getByRole('button', { name: 'Edit address' }).click();
    await page.getByRole('tabpanel').getByLabel('City').fill('Chicago');
    await page.getByRole('tabpanel').getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('tabpanel').getByText('Your address was saved.')).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('saved-address')).toContainText('Chicago');
    await expect(page.getByTestId('saved-address')).toContainText('Illinois, United States');
    await page.getByRole('tab', { name: 'Account details' }).click();
    await expect(page.getByRole('tabpanel').getByLabel('First Name')).toHaveValue('Hannah');
    await expect(page.getByRole('tabpanel').getByLabel('Last Name')).toHaveValue('Ito');
    await expect(page.getByRole('tabpanel').getByLabel('Telephone')).toHaveValue('+44 20 7946 0000');
    await page.getByRole('tab', { name: 'Dashboard' }).click();
    await expect(page.getByTestId('account-greeting')).toHaveText('Hello Hannah (not Hannah? Log out)');
    // The header follows the new name through the bus.
    await expect(menuTrigger(page)).toHaveAccessibleName('Account menu, logged in as Hannah');

    await page.goto('/user');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(main(page)).toContainText('Hannah Ito');
    await expect(main(page)).toContainText('Chicago');
  });

  test('lists the shopper’s orders from the checkout service, newest first', async ({ page }) => {
    const email = uniqueEmail('orders');
    await signUp(page, email, 'Ivo');
    await page.goto('/my-account?tab=orders');
    await expect(page.getByTestId('orders-empty')).toContainText('No order has been made yet.');

    // A purchase with the session cookie token sync gave this browser (as the checkout page sends it).
    const catalogue = (await (await page.request.get('/api/catalog/products?limit=0&sortBy=id&order=asc')).json()) as {
      products: Array<{ id: number; title: string; stock: number; price: number }>;
    };
    const candidates = catalogue.products.filter((p) => p.stock >= 25 && p.price >= 1);
    const product = candidates[Math.floor(candidates.length / 2)];
    expect(product).toBeTruthy();
    const paid = await page.request.post('/save-stripe-token', {
      data: {
        token: { id: 'tok_visa' },
        email,
        lines: [{ id: product!.id, qun: 1 }],
        billing: {
          firstName: 'Ivo',
          lastName: 'Lee',
          country: 'United States',
          street: '12 Market Street',
          city: 'Springfield',
          postCode: '62701',
          phone: '+1 555 0100',
          email,
        },
        idempotencyKey: randomUUID(),
      },
    });
    expect(paid.status()).toBe(200);
    const { orderNumber } = (await paid.json()) as { orderNumber: number };

    await page.reload();
    const table = page.getByTestId('orders-table');
    await expect(table.getByRole('rowheader', { name: `#${orderNumber}` })).toBeVisible();
    const row = table.getByRole('row').filter({ hasText: `#${orderNumber}` });
    await expect(row).toContainText(`${product!.title} × 1`);
    await expect(row).toContainText('Paid');
    await expect(row).toContainText('$');
  });
});

test.describe('resilience and reach', () => {
  test('a visitor’s first load of /login carries no Firebase; the first interaction fetches it', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/remotes/account/') && sent.resourceType() === 'script') fetched.push(sent.url());
    });
    await page.goto('/login');
    await expect(main(page).getByRole('button', { name: 'Log in' })).toBeVisible();
    // Everything the page loads by itself has loaded (header widgets come after the load event).
    await page.waitForLoadState('networkidle');
    const before = fetched.length;
    const configAsked = page.waitForRequest('**/app-config.json');
    await main(page).getByLabel('Email Address').click();
    await configAsked;
    await expect.poll(() => fetched.length).toBeGreaterThan(before);
    expect(fetched.slice(0, before).some((url) => url.includes('account-firebase'))).toBe(false);
    expect(fetched.slice(before).some((url) => url.includes('account-firebase'))).toBe(true);
  });

  test('a clear message, not a blank page, when the sign-in service is unreachable', async ({ page }) => {
    await page.route('**/app-config.json', (route) => route.abort('connectionrefused'));
    await page.goto('/login');
    // A visitor's first interaction starts the sign-in service (it is not part of the first load).
    await main(page).getByLabel('Email Address').click();
    const notice = main(page).getByTestId('account-connection-problem');
    await expect(notice).toContainText('We could not reach the sign-in service. Check your connection and try again.');
    await expect(main(page).getByRole('button', { name: 'Log in' })).toBeVisible();
    await page.unroute('**/app-config.json');
    await notice.getByRole('button', { name: 'Try again' }).click();
    await expect(notice).toHaveCount(0);
  });

  test('the Auth emulator down: logging in says so instead of blaming the password', async ({ page, request }) => {
    const authUrl = await authEmulatorUrl(request);
    await page.route(`${authUrl}/**`, (route) => route.abort('connectionrefused'));
    await page.goto('/login');
    await logIn(page, uniqueEmail('offline'));
    await expect(main(page).getByRole('alert').filter({ hasText: 'We could not reach the sign-in service' })).toBeVisible();
  });

  test('a page left while the database connected (a WebSocket-failure mark left behind) does not cut later pages off their data', async ({ page }) => {
    await signUp(page, uniqueEmail('mark'), 'Lia');
    // What the database SDK leaves when a page goes away before its connection proved healthy: the
    // next pages would start with long polling, which the shop's CSP forbids.
    await page.evaluate(() => localStorage.setItem('firebase:previous_websocket_failure', 'true'));
    await page.goto('/my-account?tab=addresses');
    await expect(page.getByTestId('saved-address')).toContainText('12 Market Street');
  });

  test('the database unreachable: the account page says so in plain words, with a retry', async ({ page, request }) => {
    test.setTimeout(45_000);
    await signUp(page, uniqueEmail('nodb'), 'Kai');
    const config = (await (await request.get('/app-config.json')).json()) as { firebase: { databaseEmulatorHost: string } };
    const port = config.firebase.databaseEmulatorHost.split(':').at(-1);
    // Sockets to the database are accepted and never answered (a dead server behind a live port).
    await page.routeWebSocket(new RegExp(`:${port}/`), () => undefined);
    await page.route(new RegExp(`:${port}/`), (route) => route.abort('connectionrefused'));
    await page.goto('/my-account?tab=addresses');
    const alert = page.getByTestId('record-error');
    await expect(alert).toContainText('The account service is unavailable right now. Please try again in a moment.', { timeout: 20_000 });
    await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Orders' })).toBeVisible();
  });

  test('switches to Russian live', async ({ page }) => {
    await page.goto('/login');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await header(page).getByRole('button', { name: 'RU' }).click();
    await expect(main(page).getByRole('heading', { level: 1, name: 'Вход' })).toBeVisible();
    await main(page).getByRole('button', { name: 'Войти' }).click();
    await expect(main(page).getByText('Пожалуйста, укажите ваш email')).toBeVisible();
    await expect(menuTrigger(page)).toHaveCount(0);
    await expect(header(page).getByRole('button', { name: 'Меню аккаунта' })).toBeVisible();
    await header(page).getByRole('button', { name: 'EN' }).click();
    await expect(main(page).getByText('Please fill it with your Email')).toBeVisible();
  });

  for (const path of ['/login', '/sign-up']) {
    test(`${path} has no axe violations`, async ({ page }) => {
      await page.goto(path);
      await expect(main(page)).toBeVisible();
      await main(page)
        .getByRole('button', { name: path === '/login' ? 'Log in' : 'Create account' })
        .click();
      const results = await new AxeBuilder({ page }).include('main').analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }

  test('the signed-in dashboard has no axe violations', async ({ page }) => {
    await signUp(page, uniqueEmail('axe'), 'Jo');
    await page.goto('/my-account?tab=addresses');
    await expect(page.getByTestId('saved-address')).toBeVisible();
    const results = await new AxeBuilder({ page }).include('main').analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
