import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test } from '@playwright/test';
import { startExtraStack } from './support/stack.ts';

// Every service is restarted (SIGTERM, as a supervisor or Kubernetes does it), one at a time, while
// shoppers browse and pay. A client that retries a failed request once loses nothing; no card is
// charged twice; every purchase answered as paid is a paid order.
const portBase = Number(process.env.E2E_PORT_BASE ?? 4000) + 800;
const stripePort = portBase + 111;

type Outcome = { ok: true; status: number; body: unknown } | { ok: false; what: string };

async function once(url: string, init: RequestInit): Promise<Outcome> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    const body = await response.json().catch(() => null);
    if (response.status >= 500) return { ok: false, what: `${response.status} ${JSON.stringify(body)} (retry-after ${response.headers.get('retry-after')})` };
    return { ok: true, status: response.status, body };
  } catch (error) {
    return { ok: false, what: (error as Error).message };
  }
}

/**
 * What a careful client does (a shopper pressing "Retry" once the shop says it is back): one retry
 * of a request that failed or got a 5xx, 3 s later and once the shop reports every part ready
 * again (GET /readyz). A service restarting is down for about a second on a quiet machine and
 * several on a busy one, so a fixed pause alone would measure the machine, not the shop.
 */
async function retryOnce(base: string, url: string, init: RequestInit = {}): Promise<Outcome & { retried: boolean }> {
  const first = await once(url, init);
  if (first.ok) return { ...first, retried: false };
  await new Promise((resolve) => setTimeout(resolve, 3000));
  for (let waited = 0; waited < 30_000; waited += 250) {
    const whole = await fetch(`${base}/readyz`).then(
      async (response) => response.ok && ((await response.json()) as { status?: string }).status === 'ready',
      () => false,
    );
    if (whole) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const second = await once(url, init);
  return second.ok ? { ...second, retried: true } : { ok: false, what: `${first.what}, then on retry ${second.what}`, retried: true };
}

test('restarting each service one at a time under browsing and paying loses nothing a retry-once client would notice', async () => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-rolling-'));
  // Six shoppers share one address here; the per-address checkout limit is for the open internet.
  const stack = await startExtraStack(portBase, dataDir, { RATE_LIMIT_CHECKOUT_PER_MINUTE: '0' });
  const base = stack.baseURL;
  const failures: string[] = [];
  const paid: string[] = [];
  let requests = 0;
  let phase = 'warm-up';
  let retried = 0;
  try {
    const { products } = (await (await fetch(`${base}/api/catalog/products?limit=0&select=title,price,stock`)).json()) as {
      products: Array<{ id: number; title: string; price: number; stock: number }>;
    };
    const plenty = products.filter((product) => product.stock >= 40 && product.price >= 1);
    expect(plenty.length).toBeGreaterThan(5);

    let running = true;
    const shopper = async (index: number) => {
      for (let round = 0; running; round++) {
        const product = plenty[(index * 7 + round) % plenty.length]!;
        const calls: Array<[string, RequestInit]> = [
          [`${base}/api/catalog/products?limit=12&skip=${(round * 12) % 96}`, {}],
          [`${base}/api/catalog/products/${product.id}`, {}],
          [`${base}/shop/${product.id}`, {}],
        ];
        if (round % 3 === index % 3) {
          const body = {
            token: { id: 'tok_visa' },
            email: `shopper${index}@example.com`,
            lines: [{ id: product.id, qun: 1 }],
            billing: {
              firstName: 'Ann',
              lastName: 'Lee',
              country: 'Latvia',
              street: 'Brivibas iela 1',
              city: 'Riga',
              postCode: 'LV-1050',
              phone: '+371 2000 0000',
              email: `shopper${index}@example.com`,
            },
            idempotencyKey: randomUUID(),
          };
          calls.push([`${base}/save-stripe-token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }]);
        }
        for (const [url, init] of calls) {
          // A moment between a shopper's requests, so the load looks like shoppers, not a benchmark.
          await new Promise((resolve) => setTimeout(resolve, 25));
          requests++;
          const answer = await retryOnce(base, url, init);
          if (answer.retried) retried++;
          if (!answer.ok) failures.push(`[${phase}] ${init.method ?? 'GET'} ${url.replace(base, '')}: ${answer.what}`);
          else if (url.endsWith('/save-stripe-token')) {
            if (answer.status !== 200) failures.push(`purchase answered ${answer.status}: ${JSON.stringify(answer.body)}`);
            else paid.push((answer.body as { orderId: string }).orderId);
          }
        }
      }
    };
    const shoppers = Array.from({ length: 6 }, (_, index) => shopper(index));

    const downtime: string[] = [];
    for (const service of ['catalog', 'checkout', 'gateway', 'auth', 'database']) {
      // One outage at a time: longer apart than the client's retry pause.
      await new Promise((resolve) => setTimeout(resolve, 4000));
      phase = service;
      const pid = stack.pid(service);
      const began = Date.now();
      process.kill(pid, 'SIGTERM');
      await stack.back(service, pid);
      downtime.push(`${service} ${((Date.now() - began) / 1000).toFixed(1)} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    running = false;
    await Promise.all(shoppers);
    console.log(`rolling restart: ${requests} requests, ${retried} retried, ${paid.length} paid; back after ${downtime.join(', ')}`);

    expect(failures).toEqual([]);
    expect(paid.length).toBeGreaterThan(5);

    // No card charged twice: the local Stripe's charges, one per order at most.
    const perOrder = new Map<string, number>();
    for (let after = ''; ;) {
      const page = (await (
        await fetch(`http://127.0.0.1:${stripePort}/v1/charges?limit=100${after ? `&starting_after=${after}` : ''}`, {
          headers: { authorization: 'Bearer sk_test_local' },
        })
      ).json()) as { data: Array<{ id: string; metadata: { order_id?: string } }>; has_more: boolean };
      for (const charge of page.data) perOrder.set(charge.metadata.order_id ?? '?', (perOrder.get(charge.metadata.order_id ?? '?') ?? 0) + 1);
      if (!page.has_more || page.data.length === 0) break;
      after = page.data.at(-1)!.id;
    }
    expect([...perOrder.values()].filter((count) => count > 1)).toEqual([]);
    for (const orderId of paid) expect(perOrder.get(orderId)).toBe(1);
  } finally {
    await stack.stop('SIGTERM');
  }
  // No order lost: every purchase answered as paid is a paid order in storage.
  const orders = new DatabaseSync(path.join(dataDir, 'orders.db'), { readOnly: true });
  try {
    const statuses = new Map(
      (orders.prepare('SELECT id, status FROM orders').all() as Array<{ id: string; status: string }>).map((row) => [row.id, row.status]),
    );
    expect(paid.filter((orderId) => statuses.get(orderId) !== 'paid')).toEqual([]);
  } finally {
    orders.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
