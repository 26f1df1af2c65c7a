import { expect, test } from '@playwright/test';

// One language switch in the shell's header changes the strings of the shell and of every remote,
// live (no reload), and the choice survives a reload.
test('switching to RU translates the shell and every remote, and is remembered', async ({ page }) => {
  await page.goto('/cart-list');
  await page.getByRole('button', { name: 'RU' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');

  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Главная', exact: true })).toBeVisible(); // shell
  await expect(header.getByPlaceholder('Поиск товаров')).toBeVisible(); // catalog's search box
  await expect(header.getByRole('button', { name: /^Корзина, 0/ })).toBeVisible(); // cart's mini-cart
  await expect(header.getByRole('button', { name: /^Меню аккаунта/ })).toBeVisible(); // account menu
  await expect(page.locator('main [data-remote="cart"]').getByRole('heading', { level: 1, name: 'Корзина' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link', { name: 'Магазин' }).click();
  await expect(page.locator('main [data-remote="catalog"]').getByRole('heading', { level: 1, name: 'Товары' })).toBeVisible();

  await page.goto('/checkout');
  await expect(page.locator('main [data-remote="checkout"]').getByRole('heading', { level: 1, name: 'Оформление заказа' })).toBeVisible();
  await page.goto('/login');
  await expect(page.locator('main [data-remote="account"]').getByRole('heading', { level: 1, name: 'Вход' })).toBeVisible();

  await page.getByRole('button', { name: 'EN' }).click();
  await expect(page.locator('main [data-remote="account"]').getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await expect(page.getByRole('banner').getByPlaceholder('Search Products')).toBeVisible();
});

// What a page loads of each team's strings: only its own language's, before anything shows; the
// other arrives on a switch. A text node that is a bare key ("nav.home") would be a flash of keys.
test('a Russian page loads only Russian strings, never shows a key, and loads English on the switch', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'lang', value: 'ru', url: baseURL! }]);
  await context.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'ru');
    const keys: string[] = [];
    (window as unknown as { __keysShown: string[] }).__keysShown = keys;
    const bareKey = /^[a-z]+(\.[a-zA-Z-]+)+$/;
    const note = (node: Node) => {
      const text = node.textContent?.trim() ?? '';
      if (node.nodeType === Node.TEXT_NODE && bareKey.test(text)) keys.push(text);
      node.childNodes.forEach(note);
    };
    new MutationObserver((changes) =>
      changes.forEach((change) => (change.type === 'characterData' ? note(change.target) : change.addedNodes.forEach(note))),
    ).observe(document, { childList: true, subtree: true, characterData: true });
  });
  const strings: string[] = [];
  page.on('request', (request) => {
    const name = /\/((?:menu-)?messages-(?:en|ru))\./.exec(request.url())?.[1];
    if (name) strings.push(`${new URL(request.url()).pathname.split('/').slice(0, -1).join('/')}/${name}`);
  });

  await page.goto('/shop/1');
  await expect(page.getByRole('button', { name: 'В корзину' }).first()).toBeEnabled();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Корзина, 0/ })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Меню аккаунта/ })).toBeVisible();
  expect(strings.filter((name) => name.endsWith('-en'))).toEqual([]);
  expect(strings).toEqual(
    expect.arrayContaining(['/assets/messages-ru', '/remotes/catalog/messages-ru', '/remotes/cart/messages-ru', '/remotes/account/menu-messages-ru']),
  );

  await page.getByRole('button', { name: 'EN' }).click();
  await expect(page.getByRole('button', { name: 'Add To Cart' }).first()).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Cart, 0/ })).toBeVisible();
  expect(strings).toEqual(expect.arrayContaining(['/assets/messages-en', '/remotes/catalog/messages-en', '/remotes/cart/messages-en']));
  expect(await page.evaluate(() => (window as unknown as { __keysShown: string[] }).__keysShown)).toEqual([]);
});
