// Loads a catalogue into the shop's database, the one the running shop reads (DATA_DIR or
// DATABASE_URL, as `npm start` uses them); the running service sees it within a second.
//   node mf-catalog/server/cli/import.ts <products.json | products.csv> [--replace] [--dry-run]
//   node mf-catalog/server/cli/import.ts --from-url https://dummyjson.com/products [--replace] [--dry-run]
import path from 'node:path';
import { parseArgs } from 'node:util';
import { convertProduct, pagesFrom } from '../importer/dummyjson.ts';
import { formatOf, recordsOfFile, type FileFormat } from '../importer/files.ts';
import type { ProductRecord } from '../products/model.ts';
import { openStore } from '../storage/open.ts';
import { cliConfig, fail } from './context.ts';

const USAGE = 'usage: import.ts <file.json | file.csv> | --from-url <http(s) URL>  [--format json|csv] [--replace] [--dry-run]';
const BATCH = 1000;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'from-url': { type: 'string' },
    format: { type: 'string' },
    replace: { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
// An http(s) address given in place of a file is a URL source, as before --from-url existed.
const url = values['from-url'] ?? (positionals[0] && /^https?:\/\//i.test(positionals[0]) ? positionals[0] : undefined);
const file = url ? undefined : positionals[0];
if ((!url && !file) || positionals.length > (values['from-url'] ? 0 : 1)) fail(USAGE);
if (url && !URL.canParse(url)) fail(`--from-url: '${url}' is not a URL`);
if (values.format !== undefined && values.format !== 'json' && values.format !== 'csv') fail(`--format must be json or csv (got '${values.format}')`);
// npm runs workspace scripts from the workspace folder; a path is meant from where the user typed it.
const filePath = file ? path.resolve(process.env.INIT_CWD ?? process.cwd(), file) : undefined;
const format = (values.format as FileFormat | undefined) ?? (filePath ? formatOf(filePath) : 'json');
const dryRun = values['dry-run'];
const config = cliConfig();

async function* sourceRecords(): AsyncGenerator<unknown> {
  if (filePath) {
    yield* recordsOfFile(filePath, format);
    return;
  }
  for await (const page of pagesFrom(url!)) yield* page;
}

const store = await openStore(config);
const started = performance.now();
let read = 0;
let accepted = 0;
let rejected = 0;
let removed = 0;
/** Each accepted id and the record it came from: a later record with the same id is refused. */
const firstSeen = new Map<number, number>();
// Pictures on another origin show only where the gateway's IMAGE_ORIGINS allows them (its CSP).
const allowedImageOrigins = new Set(
  (process.env.IMAGE_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean),
);
/** Origins of pictures the shop would not show, with how many products use each. */
const blockedImageOrigins = new Map<string, number>();
function noteImageOrigins(record: ProductRecord): void {
  const origins = new Set([record.thumbnail, ...record.images].filter((image) => /^https?:\/\//i.test(image)).map((image) => new URL(image).origin));
  for (const origin of origins) if (!allowedImageOrigins.has(origin)) blockedImageOrigins.set(origin, (blockedImageOrigins.get(origin) ?? 0) + 1);
}
try {
  console.log(
    `${dryRun ? 'Checking' : 'Importing'} ${url ?? filePath} (${url ? 'DummyJSON-compatible URL' : format.toUpperCase()}) ${dryRun ? 'for' : 'into'} ${store.description}`,
  );
  let batch: ProductRecord[] = [];
  const flush = async () => {
    if (!dryRun) await store.importProducts(batch);
    batch = [];
  };
  const now = new Date();
  for await (const item of sourceRecords()) {
    const index = read++;
    const result = convertProduct(item, index, { baseUrl: url, now });
    const reason =
      'rejected' in result
        ? result.rejected.reason
        : firstSeen.has(result.record.id)
          ? `id ${result.record.id} is already used by record #${firstSeen.get(result.record.id)}`
          : null;
    if (reason !== null) {
      rejected++;
      const id = 'rejected' in result ? result.rejected.id : result.record.id;
      console.error(`  rejected record #${index}${id === undefined ? '' : ` (id ${JSON.stringify(id)?.slice(0, 40)})`}: ${reason}`);
      continue;
    }
    const { record } = result as { record: ProductRecord };
    firstSeen.set(record.id, index);
    noteImageOrigins(record);
    batch.push(record);
    accepted++;
    if (batch.length === BATCH) await flush();
    if (read % 100_000 === 0) console.log(`  ${read} read, ${accepted} accepted`);
  }
  await flush();
  if (values.replace && !dryRun) {
    if (accepted === 0) fail('--replace with no valid product would empty the shop; nothing was removed');
    removed = await store.deleteProductsExcept(new Set(firstSeen.keys()));
  }
} catch (error) {
  await store.close();
  fail(`cannot read ${url ?? filePath}: ${error instanceof Error ? error.message : String(error)}`);
}
await store.close();
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const what = `${accepted} of ${read} products${rejected ? ` (${rejected} rejected, listed above)` : ''}`;
if (dryRun) console.log(`checked ${what} in ${seconds} s; dry run: nothing was written`);
else console.log(`imported ${what} into ${store.description}${values.replace ? `; ${removed} products not in the source removed` : ''} in ${seconds} s`);
for (const [origin, products] of blockedImageOrigins) {
  console.warn(
    `warning: pictures of ${products} products are on ${origin}, which the shop shows only once it is in IMAGE_ORIGINS (e.g. IMAGE_ORIGINS=${origin} npm start)`,
  );
}
