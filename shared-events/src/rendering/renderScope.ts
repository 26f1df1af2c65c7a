import type { Language } from '../bus/contract.ts';
import { LANGUAGES } from '../bus/contract.ts';
import { singleton } from '../runtime/singleton.ts';

/** A service's answer the page carries, by the URL a screen would ask it at. */
export type PageAnswer = { readonly status: number; readonly body: unknown };

/**
 * What a page is rendered with on the server: the shopper's language, the route's data (answers by
 * URL) and what the page calls itself (a product's title). The server has one per request, and its
 * render runs inside it, so two shoppers rendered at once never see each other's; the browser reads
 * the page's own once (the `route-data` element), so hydration sees what the server saw.
 */
export interface RenderScope {
  readonly language: Language;
  readonly answers: Map<string, PageAnswer>;
  readonly pageName: string | undefined;
  /** On the server: the URLs screens asked for that the scope had no answer for (fetched before the next pass). */
  readonly wanted: Set<string>;
}

/** Shaped like Node's AsyncLocalStorage, which the shell's server render provides. */
export interface RenderScopeStore {
  getStore(): RenderScope | undefined;
}

/** Past this age of the page, an answer it carries is no fresher than the catalogue's cache allows. */
export const PAGE_ANSWER_MAX_AGE_MS = 60_000;

const holder = singleton('render-scope', () => ({
  store: undefined as RenderScopeStore | undefined,
  page: undefined as RenderScope | undefined,
  rendered: undefined as { language: Language | undefined } | undefined,
}));

/** Server only: where each request's scope is kept while its page renders. */
export function setRenderScopeStore(store: RenderScopeStore): void {
  holder.store = store;
}

/** A scope from what the server embeds in the page (or sends to its render); anything unreadable is left out. */
export function renderScopeFrom(data: unknown): RenderScope {
  const value = (data ?? {}) as { language?: unknown; answers?: unknown; pageName?: unknown };
  const answers = new Map<string, PageAnswer>();
  for (const [url, answer] of Object.entries(typeof value.answers === 'object' && value.answers ? value.answers : {})) {
    const { status } = (answer ?? {}) as { status?: unknown };
    if (typeof status === 'number' && answer && typeof answer === 'object' && 'body' in answer) answers.set(url, answer as PageAnswer);
  }
  return {
    language: LANGUAGES.find((language) => language === value.language) ?? 'en',
    answers,
    pageName: typeof value.pageName === 'string' && value.pageName ? value.pageName : undefined,
    wanted: new Set(),
  };
}

function readPageData(): unknown {
  const text = typeof document === 'undefined' ? null : document.getElementById('route-data')?.textContent;
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    // A page without readable data is a page without data: every screen asks for its own.
    return {};
  }
}

const readPage = (): RenderScope => renderScopeFrom(readPageData());

/** The scope of the page being rendered: this request's on the server, the page's in the browser. */
export function renderScope(): RenderScope {
  const request = holder.store?.getStore();
  if (request) return request;
  return (holder.page ??= readPage());
}

/**
 * In the browser, the language the server rendered the page in (hydration renders in it first);
 * undefined on a page the browser renders itself, and on the server.
 */
export function renderedLanguage(): Language | undefined {
  if (holder.store) return undefined;
  holder.rendered ??= { language: LANGUAGES.find((language) => language === (readPageData() as { language?: unknown } | null)?.language) };
  return holder.rendered.language;
}

/**
 * The answer the page carries for `url`; undefined when it has none. In the browser only while the
 * page is fresh: later, screens ask the service, as for any request. On the server, a URL without
 * an answer is noted as wanted, for the server to fetch before it renders again.
 */
export function pageAnswer(url: string, now = typeof performance === 'undefined' ? 0 : performance.now()): PageAnswer | undefined {
  const request = holder.store?.getStore();
  if (request) {
    const answer = request.answers.get(url);
    if (!answer) request.wanted.add(url);
    return answer;
  }
  return now <= PAGE_ANSWER_MAX_AGE_MS ? renderScope().answers.get(url) : undefined;
}

/** Forgets the page's scope, so the next call reads the page again (tests). */
export function resetPageScope(): void {
  holder.page = undefined;
  holder.rendered = undefined;
}
