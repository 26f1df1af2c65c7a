// What a page says about itself in its <head>: its title, a description, the one address search
// engines should file it under, whether they should file it at all, how it looks when shared (Open
// Graph) and, for a product, the facts a search result can show (schema.org Product as JSON-LD).
import type { Translate } from 'shared-events';
import { categoryLabel, pageTitle } from '../src/app/pageTitle.ts';
import { matchRoute } from '../src/app/routeManifest.ts';
import en, { type MessageKey } from '../src/i18n/messages.en.ts';
import { escapeHtml, scriptJson } from './html.ts';
import type { HeadProduct } from './routeData.ts';

/**
 * The server does not know the shopper's language: pages are named in the shop's default, English,
 * `{name}` filled in as the browser's translator does. (The gateway's image holds the shell's
 * strings, not the shared-events package.)
 */
const t: Translate<MessageKey> = (key, params) =>
  en[key].replace(/\{(\w+)\}/g, (placeholder, name: string) => (params && Object.hasOwn(params, name) ? String(params[name]) : placeholder));

const SITE_DESCRIPTION = 'Storefront: furniture, electronics, clothing, bags, accessories and home appliances, delivered free with a two-year warranty.';
/** Search engines show about this many characters of a description. */
const DESCRIPTION_LENGTH = 160;

export interface RouteHead {
  title: string;
  description: string;
  /** Absolute; null where the page should not be filed (a shopper's own pages, search results, 404). */
  canonical: string | null;
  indexable: boolean;
  type: 'website' | 'product';
  /** Absolute URL of the picture a share shows. */
  image: string | null;
  /** The page's largest picture, as the screen addresses it, for the browser to fetch before any script runs. */
  preloadImage: string | null;
  jsonLd: Record<string, unknown> | null;
}

export interface HeadInput {
  siteUrl: string;
  pathname: string;
  search: URLSearchParams;
  product?: HeadProduct;
  productMissing?: boolean;
}

/** Cut at a word boundary, with an ellipsis, so a snippet never ends mid-word. */
export function shorten(text: string, length = DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > length / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

const absolute = (siteUrl: string, address: string) => {
  try {
    return new URL(address, `${siteUrl}/`).href;
  } catch {
    return null;
  }
};

function productJsonLd(product: HeadProduct, url: string, images: string[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    ...(product.description ? { description: product.description } : {}),
    ...(product.sku ? { sku: product.sku } : {}),
    ...(images.length ? { image: images } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    ...(product.category ? { category: categoryLabel(product.category) } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: product.price.toFixed(2),
      priceCurrency: 'USD',
      availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
}

export function routeHead({ siteUrl, pathname, search, product, productMissing }: HeadInput): RouteHead {
  const entry = matchRoute(pathname);
  const base = { description: SITE_DESCRIPTION, type: 'website' as const, image: null, preloadImage: null, jsonLd: null };
  if (!entry || productMissing) {
    return { ...base, title: t('title.page', { page: t('title.notFound') }), canonical: null, indexable: false };
  }
  const title = pageTitle(t, pathname, search, product?.title);
  if (!entry.indexable) return { ...base, title, canonical: null, indexable: false };
  if (entry.path === '/search') {
    // Results for words are a page worth finding (one address per query and page); an empty search is not.
    const query = search.get('q')?.trim().slice(0, 100);
    if (!query) return { ...base, title, canonical: null, indexable: false };
    const kept = new URLSearchParams({ q: query });
    const page = Number(search.get('page'));
    if (Number.isInteger(page) && page > 1) kept.set('page', String(page));
    return { ...base, title, description: `Products matching “${query}” at Storefront.`, canonical: `${siteUrl}/search?${kept.toString()}`, indexable: true };
  }
  if (entry.path === '/shop/:id') {
    if (!product) return { ...base, title, canonical: null, indexable: true };
    const canonical = `${siteUrl}/shop/${product.id}`;
    // The gallery's pictures, in its order (mf-catalog/src/product/ProductPage.tsx).
    const gallery = product.images.length ? product.images : product.thumbnail ? [product.thumbnail] : [];
    const images = gallery.flatMap((src) => absolute(siteUrl, src) ?? []);
    return {
      title,
      description: shorten(product.description || `${product.title} at Storefront.`),
      canonical,
      indexable: true,
      type: 'product',
      image: images[0] ?? null,
      preloadImage: gallery[0] ?? null,
      jsonLd: productJsonLd(product, canonical, images),
    };
  }
  if (entry.path === '/shop') {
    // One address per listing page: filters, sorting and view are the same products rearranged.
    const kept = new URLSearchParams();
    const category = search.get('category');
    const page = Number(search.get('page'));
    if (category) kept.set('category', category);
    if (Number.isInteger(page) && page > 1) kept.set('page', String(page));
    const query = kept.toString();
    const description = category ? `${categoryLabel(category)} at Storefront, delivered free with a two-year warranty.` : SITE_DESCRIPTION;
    return { ...base, title, description, canonical: `${siteUrl}/shop${query ? `?${query}` : ''}`, indexable: true };
  }
  return { ...base, title, canonical: `${siteUrl}${entry.path}`, indexable: true };
}

/** The tags for a page's <head>, title and description included (they replace the template's). */
export function headTags(head: RouteHead): { title: string; description: string; extra: string[] } {
  const meta = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}">`;
  const extra = [
    ...(head.canonical ? [`<link rel="canonical" href="${escapeHtml(head.canonical)}">`] : []),
    ...(head.indexable ? [] : ['<meta name="robots" content="noindex">']),
    meta('og:site_name', 'Storefront'),
    meta('og:type', head.type),
    meta('og:title', head.title),
    meta('og:description', head.description),
    ...(head.canonical ? [meta('og:url', head.canonical)] : []),
    ...(head.image ? [meta('og:image', head.image)] : []),
    ...(head.preloadImage ? [`<link rel="preload" href="${escapeHtml(head.preloadImage)}" as="image" fetchpriority="high">`] : []),
    ...(head.jsonLd ? [`<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>`] : []),
  ];
  return { title: `<title>${escapeHtml(head.title)}</title>`, description: `<meta name="description" content="${escapeHtml(head.description)}">`, extra };
}
