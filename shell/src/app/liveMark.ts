/**
 * The user timing the shell sets once the page answers input: its own tree has rendered or hydrated
 * and the route's screen is in place (rendered, or its fallback shown when the remote cannot load).
 * A screen that loads only in the browser (the cart, the account pages) comes after the shell's
 * tree, so the page is live when it arrives, not before. Field measurements can read it; the JS
 * budget (`npm test`) and `npm run bench` count the scripts a page asked for before it as its
 * first-load JavaScript.
 */
export const LIVE_MARK = 'storefront:live';

type Part = 'shell' | 'screen';

const ready = new Set<Part>();
let becameLive: (() => void) | undefined;
const live = new Promise<void>((resolve) => {
  becameLive = resolve;
});

/** Resolves once the first page is live: what can wait (header widgets, measurements) waits for this. */
export function whenLive(): Promise<void> {
  return live;
}

/**
 * Notes that a part of the first page is live and sets the mark once both are. The shell says
 * whether its first route has a remote screen at all; a shell page (About, Contact, not found) is
 * its own screen.
 */
export function noteLive(part: Part, options: { screenExpected?: boolean } = {}): void {
  if (ready.size === 2) return;
  ready.add(part);
  if (part === 'shell' && options.screenExpected === false) ready.add('screen');
  if (ready.size < 2) return;
  if (performance.getEntriesByName(LIVE_MARK).length === 0) performance.mark(LIVE_MARK);
  becameLive?.();
}
