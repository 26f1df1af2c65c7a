import { routeManifest } from '../src/app/routeManifest.ts';

// robots.txt: crawlers may read the catalogue's pages; a shopper's own pages (the route manifest's
// pages that are not indexable) and the APIs are not for them. Product pictures stay crawlable.

/** A route's path as a robots.txt rule: a `:name` segment stands for any; a final `/*` goes (a rule is a prefix). */
const rulePath = (path: string) => path.replace(/\/\*$/, '').replace(/:[^/]+/g, '*');

export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    ...routeManifest.filter((entry) => !entry.indexable).map((entry) => `Disallow: ${rulePath(entry.path)}`),
    'Disallow: /api/',
    'Allow: /api/catalog/images/',
    'Disallow: /local-stripe/',
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
