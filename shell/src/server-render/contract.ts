// What the gateway asks of the shell's server build (render.js) and what it gets back. The gateway
// imports these types only; the build itself is loaded at run time, so a new shell build is used
// without restarting the gateway.
import type { Language, PageAnswer } from 'shared-events';
import type { RemoteName } from '../remotes/remoteConfig.ts';

export interface PageRenderRequest {
  /** The page's path and query, as the shopper asked for it. */
  url: string;
  /** The shopper's language (their `lang` cookie), or the shop's default. */
  language: Language;
  /** What the page calls itself, when the gateway knows (a product's title). */
  pageName?: string;
  /** Answers the gateway already has for the page (its route data), by URL. */
  answers: Record<string, PageAnswer>;
  /** Each remote's server build (absolute URL of its server remoteEntry.js); a remote without one is rendered in the browser. */
  serverEntries: Partial<Record<RemoteName, string>>;
  /** Asks the shop's own services for a URL a screen wants; undefined when there is no answer in time. */
  fetchAnswer(url: string): Promise<PageAnswer | undefined>;
  /** How long loading the route's remote screen, each render pass and each fetch may take, in milliseconds. */
  budgetMs: number;
}

export interface RenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  /** Every answer the page was rendered with, for it to carry to the browser. */
  answers: Record<string, PageAnswer>;
  /** The remote screen loaded for this page ('catalog/ProductPage'), which the browser loads before it hydrates; null when none was. */
  screen: string | null;
  /** Why (part of) the page is left to the browser, when it is. */
  fallback: string | null;
}

export type RenderPage = (request: PageRenderRequest) => Promise<RenderedPage>;
