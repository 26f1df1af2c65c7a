// Simulated shoppers for the soak: each one loops through what a browser asks the storefront for
// (pages, the catalogue API, the remote configuration and manifests, product images) and, now and
// then, pays for one item with a Stripe test card. Latency is recorded per kind of request.
import http from 'node:http';
import { SEED_CATEGORIES } from '../../mf-catalog/server/seed/vocabulary.ts';
// The bench's deterministic stream: two runs ask the same things in the same proportions.
import { randomStream } from '../../mf-catalog/bench/scenarios.ts';

export interface Sample {
  kind: string;
  ms: number;
  ok: boolean;
}

export interface CatalogueView {
  products: { id: number; title: string; price: number; stock: number; category: string; thumbnail: string }[];
  remotes: Record<string, string>;
}

export interface LoadOptions {
  base: string;
  shoppers: number;
  durationMs: number;
  /** Chance per round that a shopper pays for one item (only while the stock budget lasts). */
  checkoutChance: number;
  catalogue: CatalogueView;
  /** Per request; a slower answer counts as an error. */
  timeoutMs: number;
  onError?: (line: string) => void;
}

export interface LoadResult {
  samples: Map<string, number[]>;
  errors: Map<string, number>;
  firstErrors: string[];
  elapsedMs: number;
  /** Product id -> units bought by checkouts answered 200. */
  bought: Map<number, number>;
  checkoutsPaid: number;
}

const SORTS = [
  ['id', 'asc'],
  ['rating', 'desc'],
  ['createdAt', 'desc'],
  ['discountPercentage', 'desc'],
  ['price', 'asc'],
] as const;
/** The seed's categories: the soak runs against the seed catalogue. */
const CATEGORIES = SEED_CATEGORIES;

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const base = new URL(options.base);
  // One connection per shopper at most, kept alive, as browsers keep theirs.
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.shoppers, maxFreeSockets: options.shoppers });
  const samples = new Map<string, number[]>();
  const errors = new Map<string, number>();
  const firstErrors: string[] = [];
  const bought = new Map<number, number>();
  let checkoutsPaid = 0;

  // What may be bought without ever running out: most of each plentiful product's stock.
  const budget = new Map<number, number>();
  for (const product of options.catalogue.products) {
    if (product.stock >= 20 && product.price >= 1) budget.set(product.id, product.stock - 10);
  }
  const buyable = [...budget.keys()];

  const record = (kind: string, ms: number, ok: boolean, detail: string) => {
    if (!samples.has(kind)) samples.set(kind, []);
    samples.get(kind)!.push(ms);
    if (!ok) {
      errors.set(kind, (errors.get(kind) ?? 0) + 1);
      if (firstErrors.length < 20) {
        firstErrors.push(`${kind}: ${detail}`);
        options.onError?.(`${kind}: ${detail}`);
      }
    }
  };

  function request(kind: string, path: string, init: { method?: string; body?: string; accept?: string } = {}): Promise<{ status: number; body: string }> {
    const started = performance.now();
    return new Promise((resolve) => {
      const headers: Record<string, string> = { accept: init.accept ?? '*/*', 'accept-encoding': 'gzip, br' };
      if (init.body !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(Buffer.byteLength(init.body));
      }
      const req = http.request({ host: base.hostname, port: base.port, path, method: init.method ?? 'GET', headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const ms = performance.now() - started;
          const body = res.headers['content-encoding'] ? '' : Buffer.concat(chunks).toString('utf8');
          record(kind, ms, status >= 200 && status < 400, `${init.method ?? 'GET'} ${path} -> ${status} ${body.slice(0, 200)}`);
          resolve({ status, body });
        });
        res.on('error', (error) => {
          record(kind, performance.now() - started, false, `${path}: ${error.message}`);
          resolve({ status: 0, body: '' });
        });
      });
      req.setTimeout(options.timeoutMs, () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
      req.on('error', (error) => {
        record(kind, performance.now() - started, false, `${init.method ?? 'GET'} ${path}: ${error.message}`);
        resolve({ status: 0, body: '' });
      });
      req.end(init.body);
    });
  }

  const deadline = Date.now() + options.durationMs;
  const started = performance.now();
  const { products, remotes } = options.catalogue;
  const terms = [...new Set(products.flatMap((p) => p.title.toLowerCase().split(/\s+/)).filter((w) => w.length >= 3))];

  async function shopper(index: number): Promise<void> {
    const next = randomStream(20261121 + index);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    while (Date.now() < deadline) {
      const category = pick(CATEGORIES);
      const [sortBy, order] = pick(SORTS);
      const product = pick(products);
      await request('page /', '/', { accept: 'text/html' });
      await request('page /shop', `/shop?category=${category}`, { accept: 'text/html' });
      await request('remotes.json', '/remotes.json');
      const remote = pick(Object.keys(remotes));
      await request('remote manifest', remotes[remote]!);
      await request(
        'api listing',
        `/api/catalog/products?limit=6&skip=${6 * Math.floor(next() * 5)}&sortBy=${sortBy}&order=${order}&category=${category}&facets=1`,
      );
      await request('page /shop/{id}', `/shop/${product.id}`, { accept: 'text/html' });
      await request('api product', `/api/catalog/products/${product.id}`);
      await request('image', product.thumbnail);
      const term = pick(terms);
      await request(
        'api search',
        `/api/catalog/products/search?q=${encodeURIComponent(term.slice(0, 2 + Math.floor(next() * 4)))}&limit=8&select=id,title,price,thumbnail`,
      );
      if (Date.now() >= deadline || next() >= options.checkoutChance || buyable.length === 0) continue;
      const id = pick(buyable);
      const left = budget.get(id) ?? 0;
      if (left < 1) continue;
      budget.set(id, left - 1);
      const answer = await request('checkout (pay)', '/save-stripe-token', {
        method: 'POST',
        body: JSON.stringify({
          token: { id: 'tok_visa' },
          email: `soak-${index}@example.com`,
          lines: [{ id, qun: 1 }],
          billing: {
            firstName: 'Soak',
            lastName: `Shopper ${index}`,
            country: 'United Kingdom',
            street: '1 Load Lane',
            city: 'London',
            postCode: 'SW1A 1AA',
            phone: '+44 20 7946 0000',
            email: `soak-${index}@example.com`,
          },
          idempotencyKey: crypto.randomUUID(),
        }),
      });
      if (answer.status === 200) {
        checkoutsPaid++;
        bought.set(id, (bought.get(id) ?? 0) + 1);
      }
    }
  }

  await Promise.all(Array.from({ length: options.shoppers }, (_, index) => shopper(index)));
  agent.destroy();
  return { samples, errors, firstErrors, elapsedMs: performance.now() - started, bought, checkoutsPaid };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
