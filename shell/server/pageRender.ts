import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addSpanAttributes, inSpan, nameActiveSpan } from 'service-kit';
import type { Language } from 'shared-events';
import type { GatewayConfig, RemoteName } from './config.ts';
import { isKnownRoute } from './knownRoutes.ts';
import type { PreparedRoute } from './pageHead.ts';
import { loadRouteData, type EmbeddedAnswer } from './routeData.ts';
import { pageRoute, recordRender, recordRenderFailure } from './metrics/gatewayMetrics.ts';
import { routeHead } from './routeHead.ts';
import { serverEntries, shellBuildId, shellRenderer } from './serverRender.ts';

const reported = new Map<string, number>();
/**
 * A server-render problem on the gateway's log, once a minute for the same problem (it recurs per page);
 * the process's console is its JSON logger (service-kit), at warn.
 */
function reportOnce(problem: string): void {
  const now = Date.now();
  if ((reported.get(problem) ?? 0) > now - 60_000) return;
  if (reported.size > 1_000) reported.clear();
  reported.set(problem, now);
  console.warn(problem);
}

/** The language the shopper chose (their `lang` cookie, set by the page), or the shop's default. */
export function languageOf(request: FastifyRequest): Language {
  return request.cookies.lang === 'ru' ? 'ru' : 'en';
}

/**
 * The catalogue's answer at a public catalogue URL, asked of this gateway's own catalogue route
 * (cache, path rules and the shopper's rate limit included), or undefined past the page's budget.
 */
function catalogAnswer(app: FastifyInstance, config: GatewayConfig, request: FastifyRequest) {
  return async (url: string): Promise<EmbeddedAnswer | undefined> => {
    const budget = new AbortController();
    const late = delay(config.pageDataBudgetMs, undefined, { signal: budget.signal }).catch(() => undefined);
    const answer = app
      .inject({
        method: 'GET',
        url,
        // The page's request id goes on to the catalogue with this inner request's proxied call.
        headers: { accept: 'application/json', 'accept-encoding': 'identity', 'x-request-id': request.id },
        remoteAddress: request.ip,
      })
      .then((response) => ({ status: response.statusCode, body: response.json() as unknown }))
      .catch((error: unknown) => {
        request.log.warn({ err: error }, `page data from ${url} could not be read`);
        return undefined;
      });
    try {
      return await Promise.race([answer, late]);
    } finally {
      budget.abort();
    }
  };
}

/** What a page at `pathname` says of itself (its head, its status) and the data it carries. */
export async function preparePage(
  app: FastifyInstance,
  config: GatewayConfig,
  request: FastifyRequest,
  pathname: string,
): Promise<PreparedRoute & { status: number; productTitle?: string }> {
  const search = new URLSearchParams(request.url.split('?')[1] ?? '');
  // The request's span by the page's template (GET /shop/:id), not the gateway's catch-all route.
  const template = pageRoute(pathname) ?? '/*';
  nameActiveSpan(`${request.method} ${template}`, { 'http.route': template });
  const data = await inSpan(`page data ${template}`, { 'http.route': template }, () => loadRouteData(pathname, catalogAnswer(app, config, request)));
  // A product the catalogue does not have is a missing page to search engines too, not an empty one.
  const status = isKnownRoute(pathname) && !data.productMissing ? 200 : 404;
  const head = routeHead({ siteUrl: config.siteUrl, pathname, search, product: data.product, productMissing: data.productMissing });
  return { head, answers: data.answers, status, productTitle: data.product?.title };
}

/**
 * The page rendered on the server by the shopper's shell build (SERVER_RENDERING=on), or undefined
 * when it is off, that build has no server part or the render failed as a whole: the browser then
 * renders the page, as it always could.
 */
export async function renderOnServer(
  app: FastifyInstance,
  config: GatewayConfig,
  request: FastifyRequest,
  route: PreparedRoute,
  locations: { remotes: Record<RemoteName, string>; shellDir: string },
  product?: string,
) {
  if (!config.serverRendering) return undefined;
  const pathname = request.url.split('?')[0] ?? '/';
  try {
    const renderPage = shellRenderer(locations.shellDir);
    if (!renderPage) {
      recordRenderFailure(pathname, 'no_shell_server_build');
      return undefined;
    }
    const started = performance.now();
    const language = languageOf(request);
    const template = pageRoute(pathname) ?? '/*';
    // The render's own span: the remotes' server builds it loads and the catalogue calls it makes are its children.
    const page = await inSpan(`server render ${template}`, { 'http.route': template, 'render.language': language }, async () => {
      const rendered = await renderPage({
        url: request.url,
        language,
        pageName: product,
        answers: route.answers,
        serverEntries: serverEntries(config, locations.remotes, shellBuildId(locations.shellDir)),
        fetchAnswer: catalogAnswer(app, config, request),
        budgetMs: config.renderBudgetMs,
      });
      addSpanAttributes({ 'render.screen': rendered.screen ?? '', 'render.fallback': rendered.fallback ?? '' });
      return rendered;
    });
    recordRender(pathname, (performance.now() - started) / 1000, page.fallback);
    // A remote without a server build (the cart, the account pages) is the browser's by design.
    const byDesign = !page.fallback || page.fallback.endsWith('has no server build');
    if (!byDesign) reportOnce(`part of ${request.url.split('?')[0]} is left to the browser: ${page.fallback}`);
    return { answers: page.answers, rendered: { html: page.html, language, pageName: product, screen: page.screen }, complete: byDesign };
  } catch (error) {
    recordRenderFailure(pathname, 'render_failed');
    reportOnce(
      `the server render of ${request.url.split('?')[0]} failed, so the browser renders it: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return undefined;
  }
}
