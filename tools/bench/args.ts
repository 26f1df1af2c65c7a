// Command-line options of `npm run bench`, validated up front so a typo fails in a second, not after
// a twenty-minute run.

export type Part = 'lighthouse' | 'catalog' | 'orders' | 'inp';
export type Size = 'seed' | number;
export type Db = 'sqlite' | 'postgres';

export interface BenchOptions {
  parts: Part[];
  sizes: Size[];
  dbs: Db[];
  /** Seconds per load test. */
  duration: number;
  connections: number;
  /** Seconds of unrecorded load before each recorded test. */
  warmup: number;
  /** Lighthouse runs per route; the median by performance score is reported. */
  lighthouseRuns: number;
  /** Folder to save each route's Lighthouse report (HTML and JSON of the median run) in. */
  lighthouseReports: string | null;
  /** Leave out the rows with varied URLs (they show the uncached cost). */
  varied: boolean;
  /** Catalogue services started on the one database for the load tests; the load is spread over them. */
  instances: number;
  /** Measure /products/1 and a listing through the gateway too (compared with the service alone). */
  gateway: boolean;
  /** Worker processes of that gateway (GATEWAY_WORKERS). */
  gatewayWorkers: number;
  /** Checkouts reserving stock while the varied rows run again (0 skips those rows). */
  checkouts: number;
  /** Products in the file the DummyJSON importer is timed on (0 skips that measurement). */
  importCount: number;
  /** Orders the staff's order list is measured at (PostgreSQL), and the requests per row. */
  orders: number;
  ordersRequests: number;
  /** The previous build the interactions bench compares with (a git ref); null: its default (previousBuild.ts). */
  against: string | null;
  /** A commit to measure as this build instead of the working tree (a git ref), built like the previous one. */
  build: string | null;
  /** Loads per route and views per interaction, for each build, in the interactions bench. */
  inpRuns: number;
  /** Where to write every figure as JSON, besides the tables on stdout. */
  jsonOut: string | null;
  /** Print the tables as Markdown (for docs/performance.md) instead of plain text. */
  markdown: boolean;
  /** First of the ports the bench uses: the next nine, and up to 199 above it for the Lighthouse stack (tools/stack/stackPorts.ts). */
  basePort: number;
  databaseUrl: string;
  help: boolean;
}

export const USAGE = `npm run bench -- [options]

  --only lighthouse|catalog|orders|inp[,...]  run only these parts (default: lighthouse,catalog,orders)
                                inp: this build beside a previous one in Chromium with the CPU 4x slower:
                                long tasks of a first load up to storefront:live on the Lighthouse routes,
                                and the INP of filtering /shop, Add to Cart, opening the mini-cart and
                                typing in the header search (both stacks at once, measured alternately)
  --size seed|1000000|N[,...]   catalogue sizes for the load tests (default: seed,1000000)
  --db sqlite|postgres[,...]    storage backends for the load tests (default: sqlite,postgres)
  --duration S                  seconds per load test (default 10)
  --connections N               concurrent connections (default 50)
  --warmup S                    unrecorded seconds before each test (default 2)
  --lh-runs N                   Lighthouse runs per route, median reported (default 3)
  --lh-reports DIR              save each route's Lighthouse report (HTML + JSON) in DIR
  --no-varied                   skip the varied-URL rows (uncached cost)
  --instances N                 catalogue services on the one database, sharing the load (1-3, default 1)
  --no-gateway                  skip the rows through the gateway
  --gateway-workers N           the gateway's worker processes, GATEWAY_WORKERS (default 1)
  --checkouts N                 checkouts reserving stock while the varied rows run again (default 50, 0 skips)
  --import-count N              products in the DummyJSON file the importer is timed on (default 100000, 0 skips)
  --orders N                    orders in PostgreSQL for the staff's order list rows (default 1000000)
  --orders-requests N           requests per order list row, one at a time (default 300)
  --against REF                 inp: the previous build, any git ref (default: HEAD when the working tree
                                changes front-end code, else the parent of the last commit that did);
                                built in a git worktree under .cache/bench-against/, its stack on --port + 200
  --build REF                   inp: measure this commit instead of the working tree, built the same way
  --inp-runs N                  inp: loads per route and views per interaction, each build (default 5)
  --json FILE                   also write all results as JSON
  --markdown                    print Markdown tables
  --port P                      first of the ports to use (default 5100; catalogue services on P+6.., gateway on P+9; the Lighthouse stack's up to P+199)
  --database-url URL            PostgreSQL for the postgres rows (default $BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test)
  --help
`;

export class UsageError extends Error {
  override name = 'UsageError';
}

function positiveInt(flag: string, raw: string | undefined, min: number, max: number): number {
  const value = raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max} (got '${raw ?? ''}')`);
  }
  return value;
}

function list<T>(flag: string, raw: string | undefined, parse: (item: string) => T | null, allowed: string): T[] {
  const items = (raw ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.length === 0) throw new UsageError(`${flag} needs a value: ${allowed}`);
  return items.map((item) => {
    const value = parse(item);
    if (value === null) throw new UsageError(`${flag}: '${item}' is not one of ${allowed}`);
    return value;
  });
}

const parseSize = (item: string): Size | null => {
  if (item === 'seed') return 'seed';
  const normalised = item.replace(/_/g, '');
  if (!/^\d+$/.test(normalised)) return null;
  const value = Number(normalised);
  return value >= 1 && value <= 50_000_000 ? value : null;
};

/** Every option as it is when not given. */
function defaults(env: Record<string, string | undefined>): BenchOptions {
  return {
    parts: ['lighthouse', 'catalog', 'orders'],
    sizes: ['seed', 1_000_000],
    dbs: ['sqlite', 'postgres'],
    duration: 10,
    connections: 50,
    warmup: 2,
    lighthouseRuns: 3,
    lighthouseReports: null,
    varied: true,
    instances: 1,
    gateway: true,
    gatewayWorkers: 1,
    checkouts: 50,
    importCount: 100_000,
    orders: 1_000_000,
    ordersRequests: 300,
    against: null,
    build: null,
    inpRuns: 5,
    jsonOut: null,
    markdown: false,
    basePort: 5100,
    databaseUrl: env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
    help: false,
  };
}

export function parseArgs(argv: readonly string[], env: Record<string, string | undefined> = {}): BenchOptions {
  const options = defaults(env);
  const args = [...argv];
  while (args.length > 0) {
    const arg = args.shift()!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string | undefined => inline ?? args.shift();
    switch (flag) {
      case '--only':
        options.parts = list(
          '--only',
          value(),
          (item) => (item === 'lighthouse' || item === 'catalog' || item === 'orders' || item === 'inp' ? item : null),
          'lighthouse, catalog, orders, inp',
        );
        break;
      case '--size':
        options.sizes = list('--size', value(), parseSize, 'seed or a product count such as 1000000');
        break;
      case '--db':
        options.dbs = list('--db', value(), (item) => (item === 'sqlite' || item === 'postgres' ? item : null), 'sqlite, postgres');
        break;
      case '--duration':
        options.duration = positiveInt('--duration', value(), 1, 600);
        break;
      case '--connections':
        options.connections = positiveInt('--connections', value(), 1, 1000);
        break;
      case '--warmup':
        options.warmup = positiveInt('--warmup', value(), 0, 60);
        break;
      case '--lh-runs':
        options.lighthouseRuns = positiveInt('--lh-runs', value(), 1, 15);
        break;
      case '--lh-reports': {
        const dir = value();
        if (!dir) throw new UsageError('--lh-reports needs a folder');
        options.lighthouseReports = dir;
        break;
      }
      case '--no-varied':
        options.varied = false;
        break;
      case '--instances':
        options.instances = positiveInt('--instances', value(), 1, 3);
        break;
      case '--no-gateway':
        options.gateway = false;
        break;
      case '--gateway-workers':
        options.gatewayWorkers = positiveInt('--gateway-workers', value(), 1, 16);
        break;
      case '--checkouts':
        options.checkouts = positiveInt('--checkouts', value(), 0, 500);
        break;
      case '--import-count':
        options.importCount = positiveInt('--import-count', value(), 0, 1_000_000);
        break;
      case '--orders':
        options.orders = positiveInt('--orders', value(), 1, 20_000_000);
        break;
      case '--orders-requests':
        options.ordersRequests = positiveInt('--orders-requests', value(), 10, 100_000);
        break;
      case '--against': {
        const ref = value();
        if (!ref || ref.startsWith('-')) throw new UsageError('--against needs a git ref (a commit, a branch, HEAD~2)');
        options.against = ref;
        break;
      }
      case '--build': {
        const ref = value();
        if (!ref || ref.startsWith('-')) throw new UsageError('--build needs a git ref (a commit, a branch, HEAD)');
        options.build = ref;
        break;
      }
      case '--inp-runs':
        options.inpRuns = positiveInt('--inp-runs', value(), 1, 30);
        break;
      case '--json': {
        const file = value();
        if (!file) throw new UsageError('--json needs a file name');
        options.jsonOut = file;
        break;
      }
      case '--markdown':
        options.markdown = true;
        break;
      case '--port':
        options.basePort = positiveInt('--port', value(), 1024, 65336);
        break;
      case '--database-url': {
        const url = value() ?? '';
        if (!/^postgres(ql)?:\/\/./.test(url)) throw new UsageError(`--database-url must be a postgres:// URL (got '${url}')`);
        options.databaseUrl = url;
        break;
      }
      case '--help':
      case '-h':
        options.help = true;
        break;
      default:
        throw new UsageError(`unknown option '${arg}'`);
    }
  }
  options.sizes = [...new Set(options.sizes)];
  options.dbs = [...new Set(options.dbs)];
  options.parts = [...new Set(options.parts)];
  return options;
}

export function sizeLabel(size: Size): string {
  return size === 'seed' ? 'seed (180)' : size.toLocaleString('en-US');
}
