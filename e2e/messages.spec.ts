import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { inboxURL } from './playwright.config.ts';
import { payByCard, putOneItemInCart } from './support/checkout.ts';
import { PASSWORD, signUp } from './support/shopper.ts';

// Messages to shoppers (issue #37 point 5): what the shop writes lands in the local mail catcher's
// inbox (maildev, stand-ins/mail, started by the stack), read here through its REST API and once in its web page.
// A shopper pays: the confirmation, in the shop's language at checkout; staff ship the order: the
// shipping notice with the carrier's tracking link; staff refund a line: the refund notice.

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, '..');
const authPort = Number(process.env.E2E_PORT_BASE ?? 4000) + 199;
const unique = (who: string) => `${who}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;

interface Mail {
  id: string;
  subject: string;
  to: { address: string }[];
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** The inbox's mail to `to` whose subject matches, once it arrived (the outbox sends within seconds). */
async function mailTo(request: APIRequestContext, to: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const inbox = (await (await request.get(`${inboxURL}/api/email`)).json()) as Mail[];
        found = inbox.find((mail) => mail.to.some((recipient) => recipient.address === to) && subject.test(mail.subject));
        return found !== undefined;
      },
      { timeout: 30_000, message: `a mail to ${to} with the subject ${subject}` },
    )
    .toBe(true);
  return found!;
}

async function mailsTo(request: APIRequestContext, to: string): Promise<Mail[]> {
  const inbox = (await (await request.get(`${inboxURL}/api/email`)).json()) as Mail[];
  return inbox.filter((mail) => mail.to.some((recipient) => recipient.address === to));
}

/** A member of staff with the admin role, granted by the shop's command, and a fresh ID token carrying it. */
async function adminToken(request: APIRequestContext): Promise<string> {
  const email = unique('mail-admin');
  const config = (await (await request.get('/app-config.json')).json()) as { firebase: { authEmulatorUrl: string } };
  const auth = `${config.firebase.authEmulatorUrl.replace(/\/$/, '')}/identitytoolkit.googleapis.com/v1`;
  expect((await request.post(`${auth}/accounts:signUp?key=demo-api-key`, { data: { email, password: PASSWORD, returnSecureToken: true } })).ok()).toBe(true);
  const { FIREBASE_AUTH_EMULATOR_HOST: _elsewhere, GOOGLE_APPLICATION_CREDENTIALS: _project, ...env } = process.env;
  await run(process.execPath, [path.join(repoRoot, 'mf-account/server/staff/cli.ts'), 'grant', email, '--role', 'admin'], {
    cwd: repoRoot,
    env: { ...env, AUTH_EMULATOR_PORT: String(authPort) },
  });
  const signedIn = await request.post(`${auth}/accounts:signInWithPassword?key=demo-api-key`, { data: { email, password: PASSWORD, returnSecureToken: true } });
  return ((await signedIn.json()) as { idToken: string }).idToken;
}

async function staffCall(request: APIRequestContext, token: string, url: string, data: object = {}) {
  const response = await request.post(url, { headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() }, data });
  expect(response.status(), await response.text()).toBe(200);
}

async function paidOrder(page: Page, request: APIRequestContext, email: string): Promise<number> {
  await signUp(page, email, 'Nora');
  await putOneItemInCart(page, request);
  await page.goto('/checkout');
  return payByCard(page, email);
}

test('a shopper gets the confirmation, the shipping notice with the tracking link and the refund notice, each once', async ({ page, request }) => {
  test.setTimeout(150_000);
  const email = unique('mail');
  const orderNumber = await paidOrder(page, request, email);

  const confirmation = await mailTo(request, email, new RegExp(`^Order #${orderNumber} confirmed – Storefront$`));
  expect(confirmation.text).toContain('Hello Nora,');
  expect(confirmation.text).toMatch(/Total: \$[\d,]+\.\d\d/);
  expect(confirmation.html).toContain(`#${orderNumber}`);
  expect(confirmation.headers['message-id']).toMatch(/^<[0-9a-f-]{36}@outbox\.storefront>$/);

  // The inbox is a page a person reads: the confirmation is listed there.
  const inbox = await page.context().newPage();
  await inbox.goto(inboxURL);
  await expect(inbox.getByText(`Order #${orderNumber} confirmed – Storefront`).first()).toBeVisible();
  await inbox.close();

  const token = await adminToken(request);
  const found = await request.get(`/api/checkout/staff/orders?q=${orderNumber}`, { headers: { authorization: `Bearer ${token}` } });
  const order = ((await found.json()) as { orders: { id: string; number: number }[] }).orders.find((candidate) => candidate.number === orderNumber)!;
  await staffCall(request, token, `/api/checkout/staff/orders/${order.id}/pack`);
  await staffCall(request, token, `/api/checkout/staff/orders/${order.id}/ship`, { carrier: 'dhl', trackingNumber: 'jd0123456789' });
  const shipped = await mailTo(request, email, new RegExp(`^Order #${orderNumber} is on its way – Storefront$`));
  expect(shipped.text).toContain('shipped with DHL. Tracking number: JD0123456789.');
  expect(shipped.html).toContain('href="https://www.dhl.com/en/express/tracking.html?AWB=JD0123456789"');

  const detail = (await (await request.get(`/api/checkout/staff/orders/${order.id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    lines: { productId: string; title: string }[];
  };
  const line = detail.lines[0]!;
  await staffCall(request, token, `/api/checkout/staff/orders/${order.id}/refunds`, { lines: [{ productId: line.productId, quantity: 1 }] });
  const refunded = await mailTo(request, email, new RegExp(`^Refund for order #${orderNumber} – Storefront$`));
  expect(refunded.text).toMatch(new RegExp(`We have refunded \\$[\\d,]+\\.\\d\\d for your order #${orderNumber}`));
  expect(refunded.text).toContain(`- ${line.title} × 1:`);

  // Each message went once.
  await page.waitForTimeout(1500);
  expect((await mailsTo(request, email)).map((mail) => mail.subject).sort()).toEqual([refunded.subject, shipped.subject, confirmation.subject].sort());
});

test('a shopper who pays in Russian gets the confirmation in Russian', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = unique('mail-ru');
  await signUp(page, email, 'Нора');
  await putOneItemInCart(page, request);
  await page.evaluate(() => localStorage.setItem('lang', 'ru'));
  await page.goto('/checkout');
  const checkout = page.locator('main [data-remote="checkout"]');
  await checkout.getByLabel('Номер карты').pressSequentially('4242424242424242');
  await checkout.getByLabel('Срок действия').fill('12/34');
  await checkout.getByLabel('CVC').fill('123');
  const answer = page.waitForResponse((response) => /\/api\/checkout\/orders\/[^/]+\/payment$/.test(response.url()));
  await checkout.getByRole('button', { name: /^Оплатить \$/ }).click();
  const { orderNumber } = (await (await answer).json()) as { orderNumber: number };
  await expect(checkout.getByRole('heading', { name: `Дело сделано, ${email}` })).toBeVisible();

  const confirmation = await mailTo(request, email, new RegExp(`^Заказ №${orderNumber} подтверждён – Storefront$`));
  expect(confirmation.text).toContain('Здравствуйте, Нора!');
  expect(confirmation.text).toMatch(/Итого: \$[\d,]+\.\d\d/);
});

test('a password reset request sends the shop’s own mail with a link to its reset page; an unknown address gets the same answer and no mail', async ({
  page,
  request,
}) => {
  const email = unique('mail-reset');
  await signUp(page, email);
  const asked = await request.post('/api/checkout/password-reset', { data: { email, lang: 'en' } });
  expect(asked.status()).toBe(202);
  const reset = await mailTo(request, email, /^Reset your password – Storefront$/);
  const link = new URL(/Choose a new password: (\S+)/.exec(reset.text)![1]!);
  expect(link.pathname).toBe('/reset-password');
  expect(link.searchParams.get('mode')).toBe('resetPassword');
  expect(link.searchParams.get('oobCode')).toBeTruthy();
  expect(link.searchParams.get('lang')).toBe('en');

  const nobody = unique('mail-nobody');
  const unknown = await request.post('/api/checkout/password-reset', { data: { email: nobody, lang: 'en' } });
  expect([unknown.status(), await unknown.json()]).toEqual([202, {}]);
  await page.waitForTimeout(1500);
  expect(await mailsTo(request, nobody)).toEqual([]);
});
