import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { ReactElement } from 'react';
import { renderScopeFrom, setRenderScopeStore, translationsReady, type RenderScope } from 'shared-events';
import { App } from '../app/App.tsx';
import { preloadShellPage } from '../app/shellPages.tsx';
import { matchRoute } from '../app/routeManifest.ts';
import type { ExposedComponent } from '../remotes/federation.ts';
import { PreloadedScreens, screenKey } from '../remotes/preloadedScreens.ts';
import type { PageRenderRequest, RenderedPage } from './contract.ts';

// Each request renders inside its own scope (language, data, page name): two shoppers rendered at
// the same moment never see each other's.
const requests = new AsyncLocalStorage<RenderScope>();
setRenderScopeStore(requests);

/**
 * Screens ask for data as they render; what they asked for and the page lacked is fetched and the
 * page rendered again. A listing whose facets need the categories first takes three passes.
 */
const MAX_PASSES = 3;

/** The server entry each remote is registered with; a new entry (a new build) replaces the old. */
const registered = new Map<string, string>();
/** Remotes registered at some point: registering one again drops what the runtime kept of it. */
const known = new Set<string>();

async function loadScreen(remote: string, exposed: string, entry: string): Promise<ExposedComponent> {
  if (registered.get(remote) !== entry) {
    registerRemotes([{ name: remote, entry }], { force: known.has(remote) });
    registered.set(remote, entry);
    known.add(remote);
  }
  try {
    const module = await loadRemote<{ default?: ExposedComponent }>(`${remote}/${exposed}`);
    if (!module?.default) throw new Error(`${remote}/${exposed} has no default export`);
    // Its strings in every language (a server renders each request in its own), loading since its module ran.
    await translationsReady();
    return module.default;
  } catch (error) {
    // A remote that could not be loaded (down, a broken build) is tried afresh by the next page.
    registered.delete(remote);
    throw error;
  }
}

function withinBudget<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than the render budget`)), Math.max(0, ms));
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** One pass of React's streaming renderer, whole (every boundary settled) or cut at the budget. */
function renderOnce(scope: RenderScope, element: ReactElement, ms: number): Promise<{ html: string; errors: string[] }> {
  return new Promise((resolve, reject) => {
    const errors: string[] = [];
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
    });
    sink.on('finish', () => resolve({ html, errors }));
    requests.run(scope, () => {
      const stream = renderToPipeableStream(element, {
        // Never split a finished page into parts joined by inline scripts (the CSP refuses them):
        // the page is sent whole, once every part is ready.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onAllReady: () => stream.pipe(sink),
        onShellError: reject,
        // A screen that throws is sent as its boundary's fallback and rendered in the browser.
        onError: (error) => {
          errors.push(error instanceof Error ? error.message : String(error));
        },
      });
      // Past the budget, whatever is still pending is left to the browser.
      const timer = setTimeout(() => stream.abort(new Error('the render took longer than its budget')), Math.max(0, ms));
      sink.on('finish', () => clearTimeout(timer));
    });
  });
}

export async function renderPage(request: PageRenderRequest): Promise<RenderedPage> {
  // The budget bounds each step on its own (loading the screen, each pass, each fetch, which the
  // gateway also bounds): a page whose data needs three passes is not cut short for having them.
  const budget = request.budgetMs;
  const { pathname } = new URL(request.url, 'http://page.invalid');
  const route = matchRoute(pathname);
  const owner = route && 'owner' in route ? route.owner : undefined;

  const preloaded = new Map<string, ExposedComponent>();
  let fallback: string | null = null;
  if (owner) {
    const entry = request.serverEntries[owner.remote];
    if (!entry) fallback = `${owner.remote} has no server build`;
    else if (route && 'clientOnly' in route) fallback = `${owner.remote}/${owner.exposed} has no server build`;
    else {
      try {
        preloaded.set(
          screenKey(owner.remote, owner.exposed),
          await withinBudget(loadScreen(owner.remote, owner.exposed, entry), budget, `loading ${owner.remote}/${owner.exposed}`),
        );
      } catch (error) {
        fallback = error instanceof Error ? error.message.split('\n')[0]! : String(error);
      }
    }
  }

  // The shell's own strings (loading since this build was first required) and its page's code, if it is one.
  await Promise.all([translationsReady(), preloadShellPage(pathname)]);
  const scope = renderScopeFrom({ language: request.language, pageName: request.pageName, answers: request.answers });
  const element = (
    <PreloadedScreens.Provider value={preloaded}>
      <StaticRouter location={request.url}>
        <App />
      </StaticRouter>
    </PreloadedScreens.Provider>
  );
  let rendered = await renderOnce(scope, element, budget);
  for (let pass = 2; pass <= MAX_PASSES && scope.wanted.size > 0; pass++) {
    const wanted = [...scope.wanted];
    const answers = await Promise.all(wanted.map((url) => withinBudget(request.fetchAnswer(url), budget, `fetching ${url}`).catch(() => undefined)));
    let learned = false;
    wanted.forEach((url, i) => {
      const answer = answers[i];
      if (answer) {
        scope.answers.set(url, answer);
        learned = true;
      }
    });
    if (!learned) break;
    scope.wanted.clear();
    rendered = await renderOnce(scope, element, budget);
  }

  return {
    html: rendered.html,
    answers: Object.fromEntries(scope.answers),
    screen: owner && preloaded.size ? screenKey(owner.remote, owner.exposed) : null,
    fallback: fallback ?? rendered.errors[0] ?? null,
  };
}
