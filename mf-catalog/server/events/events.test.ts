// The product change stream over real HTTP: what a subscriber (the gateway's cache) is told.
import { generateProduct } from '../seed/generator.ts';
import { openStore } from '../storage/open.ts';
import { BACKENDS, startTestServer, type TestServer } from '../testing/harness.ts';

/** Reads events from /events/products until `count` have arrived. */
async function subscribe(t: TestServer): Promise<{ next(count: number): Promise<unknown[]>; close(): void }> {
  const abort = new AbortController();
  const response = await fetch(`${t.url}/events/products`, { signal: abort.signal });
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let ready = false;
  const events: unknown[] = [];
  const pump = async (): Promise<boolean> => {
    const { value, done } = await reader.read();
    if (done) return false;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block.startsWith('data: ')) events.push(JSON.parse(block.slice(6)));
      if (block === ': ready') ready = true;
    }
    return true;
  };
  // The ": ready" line: from here on, changes reach this subscriber.
  while (!ready) if (!(await pump())) break;
  return {
    async next(count) {
      while (events.length < count) if (!(await pump())) break;
      return events.splice(0, count);
    },
    close: () => abort.abort(),
  };
}

describe.each(BACKENDS)('product change stream on %s', (backend) => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer(backend);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('tells subscribers which products a reservation, a release and a product write changed', async () => {
    const events = await subscribe(t);
    try {
      expect(
        (
          await t.post('/stock/reservations', {
            orderId: 'events-1',
            lines: [
              { productId: 4, quantity: 1 },
              { productId: 2, quantity: 1 },
            ],
          })
        ).status,
      ).toBe(201);
      expect(await events.next(1)).toEqual([{ kind: 'stock', ids: [2, 4] }]);
      await t.post('/stock/reservations/events-1/release');
      expect(await events.next(1)).toEqual([{ kind: 'stock', ids: [2, 4] }]);
      const writer = await openStore(t.config);
      try {
        await writer.upsertProducts([{ ...generateProduct(t.config.seed, 6), title: 'Changed' }]);
      } finally {
        await writer.close();
      }
      // SQLite: another process's write tells nobody; PostgreSQL: its notice reaches this instance.
      if (backend === 'postgres') expect(await events.next(1)).toEqual([{ kind: 'data', ids: [6] }]);
      expect((await t.post('/stock/reservations', { orderId: 'events-2', lines: [{ productId: 9, quantity: 1 }] })).status).toBe(201);
      expect(await events.next(1)).toEqual([{ kind: 'stock', ids: [9] }]);
    } finally {
      events.close();
    }
  });
});
