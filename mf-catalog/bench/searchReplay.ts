// Replays one of the bench's varied rows into a catalogue service in this process, one request at a
// time, and prints the mean and p99 time per request: what a request costs the service's one thread,
// without the load generator, the network or the other processes of a bench run beside it. Run old
// and new code alternately on the same catalogue to compare (docs/performance.md, issue #36). It
// lives with the service it drives, as mf-checkout/bench/ does, beside the rows (scenarios.ts).
//
//   SQLITE_PATH=/tmp/catalog.db node mf-catalog/server/cli/generate.ts --count 1000000   (once)
//   node mf-catalog/bench/searchReplay.ts --sqlite /tmp/catalog.db | --database-url URL [--database-schema S]
//     [--row search-words] [--requests 12000]
//     [--warmup 2000] [--part http|search] [--product-cache ENTRIES] [--profile FILE.cpuprofile]
//
// `--part http` (default) sends each URL through the service's routes (Fastify's inject: routing,
// parsing, the search, the page's product read and the JSON); `--part search` calls
// SearchService.search alone. `--profile` writes a CPU profile of the measured requests only.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createCatalogServer } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { registry } from '../server/metrics/registry.ts';
import { parseSearchRequest } from '../server/products/query.ts';
import { randomStream, scenarios } from './scenarios.ts';

const { values } = parseArgs({
  options: {
    sqlite: { type: 'string' },
    'database-url': { type: 'string' },
    'database-schema': { type: 'string' },
    row: { type: 'string', default: 'search-words' },
    requests: { type: 'string', default: '12000' },
    warmup: { type: 'string', default: '2000' },
    part: { type: 'string', default: 'http' },
    seed: { type: 'string', default: '12345' },
    profile: { type: 'string' },
    'product-cache': { type: 'string' },
  },
});
if (!values.sqlite && !values['database-url']) throw new Error('--sqlite FILE or --database-url URL is required');
if (values.part !== 'http' && values.part !== 'search') throw new Error('--part is http or search');

const config = loadConfig(
  {
    PORT: '0',
    SEED_PRODUCTS: '0',
    ...(values['product-cache'] ? { PRODUCT_CACHE_SIZE: values['product-cache'] } : {}),
    ...(values.sqlite ? { SQLITE_PATH: values.sqlite } : { DATABASE_URL: values['database-url']! }),
    ...(values['database-schema'] ? { DATABASE_SCHEMA: values['database-schema'] } : {}),
  },
  { sqlitePath: values.sqlite ?? ':memory:' },
);
const started = performance.now();
const server = await createCatalogServer(config);
await server.search.whenBuilt();
const products = await server.store.countProducts();
console.log(`${server.search.describe()}; ready after ${((performance.now() - started) / 1000).toFixed(1)} s`);

const scenario = scenarios(products).find((candidate) => candidate.name === values.row);
if (!scenario) throw new Error(`no bench row named ${values.row}`);
const random = randomStream(Number(values.seed));
const warmup = Number(values.warmup);
const urls = Array.from({ length: warmup + Number(values.requests) }, () => scenario.path(random));

/** Sends one request and answers what it got, so that old and new code can be checked to answer the same. */
async function send(url: string): Promise<() => string> {
  if (values.part === 'http') {
    const response = await server.app.inject({ method: 'GET', url });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    return () => response.body;
  }
  const { list, words } = parseSearchRequest(Object.fromEntries(new URL(url, 'http://bench').searchParams), config.maxLimit);
  const answer = await server.search.search({ text: list.query.q ?? '', query: list.query, facets: list.facets, ...words! });
  return () => JSON.stringify(answer);
}

for (const url of urls.slice(0, warmup)) await send(url);
const session = values.profile ? new Session() : null;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
const times: number[] = [];
const loadBefore = loadavg()[0]!;
/** Products found in the product cache and read from the store so far. */
async function productCacheCounts(): Promise<{ hit: number; miss: number }> {
  const counts = { hit: 0, miss: 0 };
  const metric = (await registry.getMetricsAsJSON()).find((candidate) => candidate.name === 'catalog_product_cache_requests_total');
  for (const value of metric?.values ?? []) counts[value.labels.result as 'hit' | 'miss'] += value.value;
  return counts;
}
const cacheBefore = await productCacheCounts();
const digest = createHash('sha1');
// CPU time as well as wall time: on a shared machine other processes stretch the wall time, not the CPU time.
const cpuBefore = process.cpuUsage();
for (const url of urls.slice(warmup)) {
  const start = performance.now();
  const body = await send(url);
  times.push(performance.now() - start);
  digest.update(body());
}
const cpu = process.cpuUsage(cpuBefore);
if (session) {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(values.profile!, JSON.stringify(profile));
  session.disconnect();
}
const loadAfter = loadavg()[0]!;
const cacheAfter = await productCacheCounts();
const hits = cacheAfter.hit - cacheBefore.hit;
const reads = hits + cacheAfter.miss - cacheBefore.miss;
times.sort((a, b) => a - b);
const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))]!;
console.log(
  `${values.row} ${values.part}: ${times.length} requests after ${warmup}, mean ${mean.toFixed(3)} ms, p50 ${at(0.5).toFixed(3)}, p99 ${at(0.99).toFixed(2)}, max ${at(1).toFixed(1)}; CPU ${((cpu.user + cpu.system) / 1000 / times.length).toFixed(3)} ms per request; products from the cache ${reads ? ((100 * hits) / reads).toFixed(0) : '-'} %; answers ${digest.digest('hex').slice(0, 12)}; load average ${loadBefore.toFixed(2)} -> ${loadAfter.toFixed(2)}`,
);
await server.close();
