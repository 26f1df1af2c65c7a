import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { GatewayConfig, RemoteName } from './config.ts';
import { escapeHtml, scriptJson } from './html.ts';
import { routeOwner } from './knownRoutes.ts';
import type { EmbeddedAnswer } from './routeData.ts';
import { headTags, type RouteHead } from './routeHead.ts';

type Manifest = {
  exposes?: { name: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
  shared?: { name: string; assets?: { js?: { sync?: string[] } } }[];
};

const cache = new Map<string, { mtimeMs: number; value: unknown }>();

/** Reads a build file once per change of the file, so a redeployed remote is picked up. */
function readBuildFile<T>(file: string, parse: (text: string) => T): T | undefined {
  try {
    const { mtimeMs } = statSync(file);
    const hit = cache.get(file);
    if (hit?.mtimeMs === mtimeMs) return hit.value as T;
    const value = parse(readFileSync(file, 'utf8'));
    cache.set(file, { mtimeMs, value });
    return value;
  } catch {
    return undefined;
  }
}

/** The folder on disk holding a manifest this gateway serves itself, with its URL base. */
export function servedFrom(config: GatewayConfig, remote: RemoteName, manifestUrl: string): { dir: string; base: string } | undefined {
  if (manifestUrl === `/remotes/${remote}/mf-manifest.json`) return { dir: config.remotes[remote].dist, base: `/remotes/${remote}/` };
  const release = new RegExp(`^/releases/${remote}/([0-9A-Za-z.+_]{1,40}-[0-9a-f]{10})/mf-manifest\\.json$`).exec(manifestUrl);
  if (release) return { dir: path.join(config.releasesDir, remote, release[1]!), base: `/releases/${remote}/${release[1]}/` };
  return undefined;
}

function remoteHints(config: GatewayConfig, remote: RemoteName, manifestUrl: string, exposed: string): string[] {
  // Only remotes this gateway serves itself: their files are on disk to read.
  const served = servedFrom(config, remote, manifestUrl);
  if (!served) return [];
  const manifest = readBuildFile(path.join(served.dir, 'mf-manifest.json'), (text) => JSON.parse(text) as Manifest);
  if (!manifest) return [];
  const { base } = served;
  // No hint for remoteEntry.js: the federation runtime adopts an existing <link> for it and waits
  // on its load event, so a hint that failed (remote down) would stall the retry once it is back.
  const links = [`<link rel="preload" href="${escapeHtml(`${base}mf-manifest.json`)}" as="fetch" crossorigin="anonymous">`];
  const assets = manifest.exposes?.find((expose) => expose.name === exposed)?.assets;
  for (const file of assets?.css?.sync ?? []) links.push(`<link rel="preload" href="${escapeHtml(base + file)}" as="style">`);
  for (const file of assets?.js?.sync ?? []) links.push(`<link rel="preload" href="${escapeHtml(base + file)}" as="script">`);
  return links;
}

/**
 * The screen's stylesheets, for a page whose screen was rendered on the server. Such a page is
 * readable before any script has run, so no script is hinted: on a slow connection the hints would
 * take bandwidth from the stylesheets and pictures the first paint waits for.
 */
function screenStyles(config: GatewayConfig, remote: RemoteName, manifestUrl: string, exposed: string): string[] {
  const served = servedFrom(config, remote, manifestUrl);
  const manifest = served && readBuildFile(path.join(served.dir, 'mf-manifest.json'), (text) => JSON.parse(text) as Manifest);
  const css = manifest?.exposes?.find((expose) => expose.name === exposed)?.assets?.css?.sync ?? [];
  return css.map((file) => `<link rel="stylesheet" href="${escapeHtml(served!.base + file)}">`);
}

/** The shell's component stylesheets (page-styles.json), linked by a page rendered on the server. */
function shellStyles(shellDir: string): string[] {
  const files = readBuildFile(path.join(shellDir, 'page-styles.json'), (text) => JSON.parse(text) as unknown) ?? [];
  return (Array.isArray(files) ? files : [])
    .filter((file): file is string => typeof file === 'string')
    .map((file) => `<link rel="stylesheet" href="${escapeHtml(`/${file}`)}">`);
}

function sharedHints(shellDir: string): string[] {
  const manifest = readBuildFile(path.join(shellDir, 'mf-manifest.json'), (text) => JSON.parse(text) as Manifest);
  const files = new Set<string>();
  for (const shared of manifest?.shared ?? []) {
    if (!['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'react-router-dom', 'shared-events'].includes(shared.name)) continue;
    for (const file of shared.assets?.js?.sync ?? []) files.add(file);
  }
  return [...files].map((file) => `<link rel="preload" href="${escapeHtml(`/${file}`)}" as="script">`);
}

/** What the gateway learned about the page before serving it (routeData.ts, routeHead.ts), and its server render. */
export interface PreparedRoute {
  head: RouteHead;
  answers: Record<string, EmbeddedAnswer>;
  /** The markup of #root and what it was rendered with, when the page was rendered on the server. */
  rendered?: { html: string; language: string; pageName?: string; screen: string | null };
}

/**
 * The shell's index.html for one page address, with what the page will need announced up front:
 * its own title, description and search-engine tags; the route's catalogue answers (`route-data`:
 * the screen reads them instead of asking again); the remote configuration inline (`remotes`: this
 * shopper's, no /remotes.json round trip) and preload hints for the shared libraries, for the remote
 * screen that renders this address and for its largest picture. Without them the browser only
 * discovers each file after the previous one has run (shell, remote manifest, remote entry, screen
 * chunk, catalogue answer, picture), one round trip at a time. A page rendered on the server gets
 * its markup in #root, its language on <html> and the stylesheets of what it shows instead of the
 * script hints (see screenStyles).
 */
export function pageHtml(
  config: GatewayConfig,
  pathname: string,
  { remotes, shellDir }: { remotes: Record<RemoteName, string>; shellDir: string },
  route?: PreparedRoute,
): string | undefined {
  let html = readBuildFile(path.join(shellDir, 'index.html'), (text) => text);
  if (html === undefined) return undefined;
  const owner = routeOwner(pathname);
  const tags = route ? headTags(route.head) : undefined;
  // The template's own title and description give way to the page's (or the page adds them).
  const ownHead: string[] = [];
  if (tags) {
    for (const [pattern, tag] of [
      [/<title>[^<]*<\/title>/, tags.title],
      [/<meta name="description"[^>]*>/, tags.description],
    ] as const) {
      if (pattern.test(html)) html = html.replace(pattern, () => tag);
      else ownHead.push(tag);
    }
  }
  const rendered = route?.rendered;
  // What the page was rendered with, for the browser to start from the same (shared-events' render scope).
  const data = rendered
    ? { answers: route.answers, language: rendered.language, pageName: rendered.pageName, screen: rendered.screen }
    : { answers: route?.answers ?? {} };
  const answers = rendered || Object.keys(data.answers).length ? [`<script type="application/json" id="route-data">${scriptJson(data)}</script>`] : [];
  if (rendered) {
    // The page's content replaces the boot placeholder (and the note that JavaScript is needed).
    html = html
      .replace(/<html([^>]*)>/, (_tag, attributes: string) => `<html${attributes.replace(/\s*lang="[^"]*"/, '')} lang="${escapeHtml(rendered.language)}">`)
      .replace(/<div id="root">[\s\S]*<\/body>/, () => `<div id="root" data-rendered="server">${rendered.html}</div></body>`);
  }
  const head = [
    ...ownHead,
    ...(tags?.extra ?? []),
    `<script type="application/json" id="remote-config">${scriptJson({ remotes })}</script>`,
    ...answers,
    ...(rendered
      ? [...shellStyles(shellDir), ...(owner && rendered.screen ? screenStyles(config, owner.remote, remotes[owner.remote], owner.exposed) : [])]
      : [...sharedHints(shellDir), ...(owner ? remoteHints(config, owner.remote, remotes[owner.remote], owner.exposed) : [])]),
  ];
  return html.replace('</head>', () => `${head.join('\n    ')}\n  </head>`);
}
