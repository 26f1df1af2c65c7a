// Loads a DummyJSON-compatible source into the configured database:
//   node mf-catalog/server/cli/import.ts <file.json | https://dummyjson.com/products?limit=0> [--replace]
import { parseArgs } from 'node:util';
import { convertProducts, loadSource } from '../importer/dummyjson.ts';
import { openStore } from '../storage/open.ts';
import { cliConfig, fail } from './context.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { replace: { type: 'boolean', default: false } } });
const source = positionals[0];
if (!source || positionals.length > 1) fail('usage: import.ts <file.json | http(s) URL> [--replace]');
const config = cliConfig();

let items: unknown[];
try {
  items = await loadSource(source);
} catch (error) {
  fail(`cannot read ${source}: ${error instanceof Error ? error.message : String(error)}`);
}
const { records, rejected } = convertProducts(items, /^https?:/i.test(source) ? { baseUrl: source } : {});
for (const r of rejected.slice(0, 20)) console.error(`  rejected #${r.index} (id ${JSON.stringify(r.id)}): ${r.reason}`);
if (rejected.length > 20) console.error(`  ... and ${rejected.length - 20} more rejected`);

const store = await openStore(config);
try {
  if (values.replace) await store.clearProducts();
  for (let i = 0; i < records.length; i += 1000) await store.upsertProducts(records.slice(i, i + 1000));
  console.log(`imported ${records.length} of ${items.length} products into ${store.description}${rejected.length ? `; ${rejected.length} rejected` : ''}`);
} finally {
  await store.close();
}
