// Writes a deterministic catalogue of any size into the configured database:
//   node mf-catalog/server/cli/generate.ts --count 1000000 [--seed 42] [--replace]
import { parseArgs } from 'node:util';
import { generateBatches } from '../seed/generator.ts';
import { openStore } from '../storage/open.ts';
import { cliConfig, fail } from './context.ts';

const USAGE = 'usage: generate.ts --count N [--seed S] [--replace]';

let values: { count?: string; seed?: string; replace: boolean; help: boolean };
try {
  ({ values } = parseArgs({
    options: {
      count: { type: 'string' },
      seed: { type: 'string' },
      replace: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  }));
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const count = Number(values.count);
if (!Number.isSafeInteger(count) || count < 1 || count > 50_000_000) fail('--count must be a whole number from 1 to 50000000');
const config = cliConfig();
const seed = values.seed === undefined ? config.seed : Number(values.seed);
if (!Number.isSafeInteger(seed) || seed < 0 || seed > 2 ** 32 - 1) fail('--seed must be a whole number from 0 to 4294967295');

const store = await openStore(config);
try {
  const existing = await store.countProducts();
  if (existing > 0 && !values.replace) fail(`${store.description} already holds ${existing} products; pass --replace to overwrite them`);
  const started = performance.now();
  let reported = 0;
  async function* withProgress() {
    for await (const batch of generateBatches(seed, count, 5000)) {
      yield batch;
      reported += batch.length;
      if (reported % 100_000 < batch.length) process.stdout.write(`  ${reported} / ${count}\n`);
    }
  }
  const loaded = await store.bulkLoad(withProgress());
  console.log(`generated ${loaded} products (seed ${seed}) into ${store.description} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await store.close();
}
