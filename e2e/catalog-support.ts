// Helpers shared by the catalog-*.spec.ts browser tests.
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export type ApiProduct = {
  id: number;
  title: string;
  price: number;
  discountPercentage: number;
  rating: number;
  stock: number;
  brand?: string;
  category: string;
  color?: string;
  thumbnail: string;
  images: string[];
  description: string;
};

export type ApiList = { products: ApiProduct[]; total: number; skip: number; limit: number; facets?: { brands: { name: string; count: number }[] } };

/** Asks the catalogue service (through the gateway) directly, to know what the page should show. */
export async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`/api/catalog${path}`);
  expect(response.ok(), `GET /api/catalog${path}`).toBe(true);
  return (await response.json()) as T;
}

/** '$price' as the storefront shows it. */
export function dollars(price: number): string {
  return `$${price.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** The catalog remote's root inside the page's main landmark. */
export function catalogMain(page: Page) {
  return page.locator('main [data-remote="catalog"]').first();
}

/**
 * Opens `path` as a shopper reaches it from another page of the shop, so the screen asks the
 * catalogue itself and a test can intercept what it asks (the first page of a visit arrives
 * rendered by the server with its data in it).
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.goto('/about');
  // Hydrated: the router follows history from here.
  await expect(page.locator('[data-bus-id]').first()).toHaveAttribute('data-bus-id', /^bus-/);
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The toasts the shell shows (any position). */
export function toast(page: Page, text: string) {
  return page.getByRole('status').filter({ hasText: text }).first();
}

/** Product cards of the listing / results grid. */
export function cards(page: Page) {
  return catalogMain(page).locator('article');
}

/** The cart as stored in localStorage["cart"]. */
export async function storedCart(page: Page): Promise<{ id: number; qun: number }[]> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as { id: number; qun: number }[]);
}
