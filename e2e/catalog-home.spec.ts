import { expect, test, type Page } from '@playwright/test';
import { api, catalogMain, dollars, storedCart, type ApiList } from './catalog-support.ts';

// The home page: hero and product carousels, sections and their queries.

const hero = (page: Page) => page.getByRole('region', { name: 'Featured collections' });
const section = (page: Page, title: string) => catalogMain(page).getByRole('region', { name: title });
const visibleSlide = (page: Page) => hero(page).locator('[role="group"][aria-roledescription="slide"]:not([aria-hidden="true"])');

test.describe('home', () => {
  test('has the service strip, ad banners to /shop and the three product sections', async ({ page }) => {
    await page.goto('/');
    const main = catalogMain(page);
    for (const text of ['Two years warranty', 'Free shipping', 'Return policy in 30 days']) {
      await expect(main.getByText(text, { exact: true })).toBeVisible();
    }
    const ads = main.getByRole('region', { name: 'Offers', exact: true }).getByRole('link');
    await expect(ads).toHaveCount(3);
    for (const link of await ads.all()) await expect(link).toHaveAttribute('href', '/shop');
    for (const title of ['New Arrivals', 'Our Bestsellers', 'Special Offers']) {
      await expect(main.getByRole('heading', { level: 2, name: title })).toBeVisible();
    }
  });

  test('sections show real products: newest, best rated, biggest discount', async ({ page, request }) => {
    const newest = await api<ApiList>(request, '/products?sortBy=createdAt&order=desc&limit=4&select=id,title,price');
    const best = await api<ApiList>(request, '/products?sortBy=rating&order=desc&limit=4&select=id,title,price');
    const offers = await api<ApiList>(request, '/products?sortBy=discountPercentage&order=desc&limit=4&select=id,title,price,discountPercentage');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const arrivals = section(page, 'New Arrivals').locator('li:not([aria-hidden="true"]) article');
    await expect(arrivals).toHaveCount(4);
    for (const [i, product] of newest.products.entries()) {
      await expect(arrivals.nth(i)).toContainText(product.title);
      await expect(arrivals.nth(i)).toContainText(dollars(product.price));
      await expect(arrivals.nth(i)).toContainText('New');
    }
    const bestCards = section(page, 'Our Bestsellers').locator('article');
    await expect(bestCards).toHaveCount(4);
    for (const [i, product] of best.products.entries()) await expect(bestCards.nth(i)).toContainText(product.title);
    const offerCards = section(page, 'Special Offers').locator('article');
    for (const [i, product] of offers.products.entries()) {
      await expect(offerCards.nth(i)).toContainText(product.title);
      await expect(offerCards.nth(i)).toContainText(`-${Math.round(product.discountPercentage)}%`);
    }
  });

  test('card actions appear on hover and focus; Add to Cart works', async ({ page, request }) => {
    const best = await api<ApiList>(request, '/products?sortBy=rating&order=desc&limit=4&select=id,title,price,stock');
    const index = best.products.findIndex((p) => p.stock > 0);
    await page.goto('/');
    const card = section(page, 'Our Bestsellers').locator('article').nth(index);
    const wish = card.getByRole('button', { name: /^Add to Wish List: / });
    const actions = wish.locator('xpath=..');
    await expect(actions).toHaveCSS('opacity', '0');
    await card.hover();
    await expect(actions).toHaveCSS('opacity', '1');
    await expect(card.getByRole('button', { name: /^Compare: / })).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(actions).toHaveCSS('opacity', '0');
    await card.getByRole('link').focus();
    await expect(actions).toHaveCSS('opacity', '1');
    await card.getByRole('button', { name: /Add to Cart/ }).click();
    await expect(page.getByText('Added to Cart, Successfully!', { exact: true })).toBeVisible();
    expect(await storedCart(page)).toEqual([expect.objectContaining({ id: best.products[index]!.id, qun: 1 })]);
  });

  test('the hero is a vertical, auto-rotating, three-slide carousel that pauses on hover and focus', async ({ page }) => {
    await page.goto('/');
    const carousel = hero(page);
    await expect(carousel.locator('[aria-roledescription="slide"]')).toHaveCount(3);
    const image = carousel.locator('img').first();
    await expect(image).toHaveAttribute('fetchpriority', 'high');
    await expect(image).toHaveAttribute('width', '1600');
    await expect(image).toHaveAttribute('height', '600');
    await expect(image).toHaveAttribute('src', '/api/catalog/images/banners/1.svg');
    await expect(visibleSlide(page)).toHaveAttribute('aria-label', '1 of 3');
    // Moves up (translateY), 2500 ms between slides. The slide shown and the offset are read in one
    // go: on a busy machine the next turn can come between two separate reads.
    await expect(visibleSlide(page)).not.toHaveAttribute('aria-label', '1 of 3', { timeout: 4000 });
    const shown = await carousel.evaluate((region) => ({
      label: region.querySelector('[role="group"][aria-roledescription="slide"]:not([aria-hidden="true"])')?.getAttribute('aria-label'),
      transform: (region.querySelector('[style*="translateY"]') as HTMLElement).style.transform,
    }));
    const position = Number(/^(\d) of 3$/.exec(shown.label ?? '')?.[1]);
    expect(position).toBeGreaterThan(1);
    expect(shown.transform).toBe(`translateY(-${(position - 1) * 100}%)`);
    // Hover pauses it.
    await carousel.hover();
    // Read the slide once the page has taken the pause (its region turns polite), not while a turn
    // that was already under way may still be rendering.
    await expect(carousel.locator('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    const paused = await visibleSlide(page).getAttribute('aria-label');
    await page.waitForTimeout(3500);
    await expect(visibleSlide(page)).toHaveAttribute('aria-label', paused!);
    await page.mouse.move(0, 0);
    // Focus pauses it too; the dots choose a slide from the keyboard.
    await carousel.getByRole('button', { name: 'Show slide 3' }).focus();
    await page.keyboard.press('Enter');
    await expect(visibleSlide(page)).toHaveAttribute('aria-label', '3 of 3');
    await page.waitForTimeout(3500);
    await expect(visibleSlide(page)).toHaveAttribute('aria-label', '3 of 3');
    await page.keyboard.press('ArrowDown');
    await expect(visibleSlide(page)).toHaveAttribute('aria-label', '1 of 3');
    // Its links go to /shop.
    await expect(visibleSlide(page).getByRole('link')).toHaveAttribute('href', '/shop');
  });

  test('the hero can be paused with its button and does not move with reduced motion', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(visibleSlide(page)).toHaveAttribute('aria-label', '1 of 3');
    await page.waitForTimeout(3000);
    await expect(visibleSlide(page)).toHaveAttribute('aria-label', '1 of 3');
    await hero(page).getByRole('button', { name: 'Show slide 2' }).click();
    await expect(visibleSlide(page)).toHaveAttribute('aria-label', '2 of 3');
    await context.close();

    const moving = await browser.newPage();
    await moving.goto('/');
    await hero(moving).getByRole('button', { name: 'Pause the slideshow' }).click();
    await moving.mouse.move(0, 0);
    await moving.locator('body').focus();
    await expect(hero(moving).getByRole('button', { name: 'Play the slideshow' })).toBeVisible();
    // On a busy machine the slideshow may turn once before the click lands: the slide it shows
    // once paused is the one that must stay.
    const pausedAt = await visibleSlide(moving).getAttribute('aria-label');
    await moving.waitForTimeout(3500);
    await expect(visibleSlide(moving)).toHaveAttribute('aria-label', pausedAt!);
    await moving.close();
  });

  for (const [width, shown, step] of [
    [1280, 4, 1],
    [1000, 3, 1],
    [700, 2, 2],
    [560, 2, 2],
    [400, 1, 1],
  ] as const) {
    test(`New Arrivals shows ${shown} at ${width}px and moves ${step} at a time, round and round`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      const row = section(page, 'New Arrivals');
      const visible = row.locator('li:not([aria-hidden="true"]) article');
      await expect(visible).toHaveCount(shown);
      const titles = async () => (await visible.locator('h3').allInnerTexts()).join('|');
      const first = await titles();
      await row.getByRole('button', { name: 'Next products' }).click();
      await expect.poll(titles).not.toBe(first);
      const after = (await visible.locator('h3').allInnerTexts())[0];
      const before = first.split('|');
      if (shown > step) expect(after).toBe(before[step]);
      await row.getByRole('button', { name: 'Previous products' }).click();
      await expect.poll(titles).toBe(first);
      // Infinite: going back past the start wraps to the end.
      await row.getByRole('button', { name: 'Previous products' }).click();
      await expect.poll(titles).not.toBe(first);
      await expect(visible).toHaveCount(shown);
    });
  }

  test('New Arrivals works from the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const row = section(page, 'New Arrivals');
    const next = row.getByRole('button', { name: 'Next products' });
    // The arrows work once the page is live; until then they are disabled (and cannot take focus).
    await expect(next).toBeEnabled();
    await next.focus();
    const visible = row.locator('li:not([aria-hidden="true"]) article h3');
    const first = await visible.first().innerText();
    await page.keyboard.press('Enter');
    await expect(visible.first()).not.toHaveText(first);
    await page.keyboard.press('ArrowLeft');
    await expect(visible.first()).toHaveText(first);
    // Hidden cards are out of the tab order.
    await expect(row.locator('li[aria-hidden="true"]').first()).toHaveAttribute('inert', '');
  });

  test('the sections below the fold hydrate the markup the server sent, even when the shopper acts first', async ({ page }) => {
    await page.goto('/');
    // An expando React knows nothing about: it survives only if hydration adopts the server's node.
    const firstCard = () => section(page, 'Our Bestsellers').locator('article').first();
    await firstCard().evaluate((card) => Object.assign(card, { fromServer: true }));
    // Input anywhere opens the deferred sections, so the change of language finds them ready to
    // hydrate instead of throwing their markup away.
    await page.getByRole('button', { name: 'RU', exact: true }).click();
    await expect(catalogMain(page).getByRole('heading', { level: 2, name: 'Хиты продаж' })).toBeVisible();
    await expect(section(page, 'Хиты продаж').locator('article')).toHaveCount(4);
    expect(
      await section(page, 'Хиты продаж')
        .locator('article')
        .first()
        .evaluate((card) => (card as HTMLElement & { fromServer?: boolean }).fromServer),
    ).toBe(true);
    // And they work: the first card's Add to Cart, once scrolled to.
    const add = section(page, 'Хиты продаж')
      .locator('article')
      .first()
      .getByRole('button', { name: /^В корзину:/ });
    await add.scrollIntoViewIfNeeded();
    await expect(add).toBeEnabled();
  });

  test('switches language live (EN/RU)', async ({ page }) => {
    await page.goto('/');
    await expect(catalogMain(page).getByRole('heading', { name: 'New Arrivals' })).toBeVisible();
    await page.getByRole('button', { name: 'RU', exact: true }).click();
    await expect(catalogMain(page).getByRole('heading', { name: 'Новые поступления' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('combobox')).toHaveAttribute('placeholder', 'Поиск товаров');
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await expect(catalogMain(page).getByText('Two years warranty', { exact: true })).toBeVisible();
  });
});
