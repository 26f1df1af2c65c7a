import type { Translate } from 'shared-events';
import type { MessageKey } from '../i18n/messages.en.ts';
import { matchRoute } from './routeManifest.ts';

/** A category's name from its slug, as a shopper would write it ("home-appliances" -> "Home appliances"). */
export function categoryLabel(slug: string): string {
  const words = slug.replace(/-/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * What a page is called in the browser's tab, in search results and when it is shared: the same on
 * the server (in English) and in the browser (in the shopper's language). `name` is what the screen
 * itself calls the page once it knows (the product's title).
 */
export function pageTitle(t: Translate<MessageKey>, pathname: string, search: URLSearchParams, name?: string): string {
  const entry = matchRoute(pathname);
  if (!entry) return t('title.page', { page: t('title.notFound') });
  // The home page's name is the shop's whole title.
  if (entry.path === '/') return t(entry.title);
  const query = entry.path === '/search' ? search.get('q')?.trim() : undefined;
  let page: string;
  if (entry.path === '/shop/:id' && name) page = name;
  else if (entry.path === '/shop' && search.get('category')) page = categoryLabel(search.get('category')!);
  else if (query) page = t('title.search', { query: query.slice(0, 100) });
  else page = t(entry.title);
  return t('title.page', { page });
}
