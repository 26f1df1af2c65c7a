/** Internal token the bench's services share, so the checkout load may reserve stock. */
export const INTERNAL_TOKEN = 'bench-internal-token';

/**
 * `concurrent` checkouts against the catalogue's stock API, each in a loop until stopped: reserve one
 * unit of a random product, wait 200 ms (the payment), commit. Counts the completed ones.
 */
export function startCheckouts(bases: string[], products: number, concurrent: number, random: () => number) {
  let running = true;
  let completed = 0;
  /** Refusals by status ('error' when no answer): out-of-stock products answer 409, which a shop sees too. */
  const refused = new Map<string, number>();
  const refuse = (status: string) => refused.set(status, (refused.get(status) ?? 0) + 1);
  const post = (url: string, body?: unknown) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-internal-token': INTERNAL_TOKEN },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const loop = async (worker: number) => {
    for (let n = 0; running; n++) {
      const base = bases[(worker + n) % bases.length]!;
      const orderId = `bench-${process.pid}-${worker}-${n}`;
      try {
        const reserved = await post(`${base}/stock/reservations`, { orderId, lines: [{ productId: 1 + Math.floor(random() * products), quantity: 1 }] });
        await reserved.arrayBuffer();
        if (!reserved.ok) {
          refuse(String(reserved.status));
          continue;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
        const committed = await post(`${base}/stock/reservations/${orderId}/commit`);
        await committed.arrayBuffer();
        if (committed.ok) completed++;
        else refuse(String(committed.status));
      } catch {
        refuse('error');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  let since = performance.now();
  const workers = Array.from({ length: concurrent }, (_, i) => loop(i));
  return {
    /** Checkouts completed a second since the last call (or the start), and the refusals so far by status. */
    take(): { perSecond: number; refused: string } {
      const now = performance.now();
      const perSecond = completed / ((now - since) / 1000);
      completed = 0;
      since = now;
      return { perSecond, refused: [...refused].map(([status, n]) => `${n} x ${status}`).join(', ') };
    },
    async stop(): Promise<void> {
      running = false;
      await Promise.all(workers);
    },
  };
}
