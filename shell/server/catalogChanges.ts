// Follows the catalogue's change stream (GET /events/products, Server-Sent Events) for the gateway's
// cache: tells it when the stream is live (from the service's ": ready" line), each change, and when
// the stream is lost, and connects again with a growing pause while the service is away.
import type { CatalogChange } from './catalogCache.ts';

export interface ChangeFollower {
  close(): void;
}

export function followCatalogChanges(catalogUrl: string, handlers: { live(live: boolean): void; change(change: CatalogChange): void }): ChangeFollower {
  const abort = new AbortController();
  let failures = 0;

  async function connect(): Promise<void> {
    const response = await fetch(new URL('/events/products', catalogUrl), { signal: abort.signal, headers: { accept: 'text/event-stream' } });
    if (!response.ok || !response.body) throw new Error(`the catalogue answered ${response.status}`);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block === ': ready') {
          failures = 0;
          handlers.live(true);
        } else if (block.startsWith('data: ')) {
          handlers.change(JSON.parse(block.slice(6)) as CatalogChange);
        }
      }
    }
  }

  async function run(): Promise<void> {
    while (!abort.signal.aborted) {
      try {
        await connect();
      } catch (error) {
        if (abort.signal.aborted) return;
        if (failures === 0)
          console.error(
            `[gateway] catalogue change stream unavailable (${error instanceof Error ? error.message : String(error)}); catalogue answers are not cached until it is back`,
          );
      }
      handlers.live(false);
      failures++;
      await new Promise((resolve) => setTimeout(resolve, Math.min(10_000, 250 * 2 ** Math.min(failures, 6))).unref());
    }
  }

  void run();
  return {
    close() {
      abort.abort();
      handlers.live(false);
    },
  };
}

type ChangeHandlers = { live(live: boolean): void; change(change: CatalogChange): void };

const streams = new Map<string, { follower: ChangeFollower; handlers: Set<ChangeHandlers>; live: boolean }>();

/**
 * The change stream of a catalogue, followed once per process however many caches want it (the
 * catalogue answers' and the pages'): each subscriber hears the stream's state at once and every
 * change after; the connection closes with the last subscriber.
 */
export function subscribeCatalogChanges(catalogUrl: string, handlers: ChangeHandlers): ChangeFollower {
  let stream = streams.get(catalogUrl);
  if (!stream) {
    const subscribers = new Set<ChangeHandlers>();
    const state = { live: false };
    const follower = followCatalogChanges(catalogUrl, {
      live: (live) => {
        state.live = live;
        for (const subscriber of subscribers) subscriber.live(live);
      },
      change: (change) => {
        for (const subscriber of subscribers) subscriber.change(change);
      },
    });
    stream = {
      follower,
      handlers: subscribers,
      get live() {
        return state.live;
      },
    };
    streams.set(catalogUrl, stream);
  }
  stream.handlers.add(handlers);
  if (stream.live) handlers.live(true);
  const joined = stream;
  return {
    close() {
      if (!joined.handlers.delete(handlers)) return;
      handlers.live(false);
      if (joined.handlers.size > 0) return;
      streams.delete(catalogUrl);
      joined.follower.close();
    },
  };
}
