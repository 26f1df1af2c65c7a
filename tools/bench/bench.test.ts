// Unit tests of the bench's pure parts, on Node's own runner (`node --test tools/bench/`): the bench
// imports Lighthouse, an ES module that jest's CommonJS transform cannot load.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { summariseTasks, worstInteraction } from './browserProbe.ts';
import { interactionsTables, median, type InteractionsReport } from './interactions.ts';
import { defaultAgainst } from './previousBuild.ts';
import { parseArgs, UsageError } from './args.ts';
import { GATEWAY_SCENARIOS, scenarios, shopUrl, type LoadResult } from './catalogLoad.ts';
import { lighthouseTables, loadVerdict } from './run.ts';
import { LIGHTHOUSE_ROUTES, referencePage, ROUTES, scriptsBeforeLive, sourceOwner, type RouteResult } from './lighthouse.ts';
import { stateProblem } from './shopperStates.ts';
import { renderMarkdown, renderText, verdict } from './table.ts';

describe('parseArgs', () => {
  it('defaults to everything: all three parts, seed and 1,000,000 products, SQLite and PostgreSQL, 1,000,000 orders', () => {
    const options = parseArgs([], {});
    assert.deepEqual(options.parts, ['lighthouse', 'catalog', 'orders']);
    assert.equal(options.orders, 1_000_000);
    assert.deepEqual(options.sizes, ['seed', 1_000_000]);
    assert.deepEqual(options.dbs, ['sqlite', 'postgres']);
    assert.equal(options.connections, 50);
    assert.equal(options.duration, 10);
    assert.equal(options.databaseUrl, 'postgres://postgres@127.0.0.1:5432/test');
  });

  it('reads the quick-run flags, with spaces or =', () => {
    const options = parseArgs(['--only', 'catalog', '--size=seed,1_000', '--db', 'sqlite', '--duration=3', '--no-varied', '--markdown'], {
      BENCH_DATABASE_URL: 'postgres://x@db/y',
    });
    assert.deepEqual(options.parts, ['catalog']);
    assert.deepEqual(options.sizes, ['seed', 1000]);
    assert.deepEqual(options.dbs, ['sqlite']);
    assert.equal(options.duration, 3);
    assert.equal(options.varied, false);
    assert.equal(options.markdown, true);
    assert.equal(options.databaseUrl, 'postgres://x@db/y');
  });

  it('refuses bad values with a message naming them', () => {
    assert.throws(
      () => parseArgs(['--only', 'css'], {}),
      (error: Error) => error instanceof UsageError && /'css' is not one of lighthouse, catalog/.test(error.message),
    );
    assert.throws(() => parseArgs(['--size', '12x'], {}), /--size: '12x'/);
    assert.throws(() => parseArgs(['--db', 'mysql'], {}), /--db: 'mysql'/);
    assert.throws(() => parseArgs(['--duration', '0'], {}), /--duration must be a whole number from 1 to 600 \(got '0'\)/);
    assert.throws(() => parseArgs(['--size'], {}), /--size needs a value/);
    assert.throws(() => parseArgs(['--fast'], {}), /unknown option '--fast'/);
    assert.throws(() => parseArgs(['--database-url', 'mysql://x'], {}), /postgres:\/\//);
    assert.throws(() => parseArgs(['--instances', '4'], {}), /--instances must be a whole number from 1 to 3 \(got '4'\)/);
  });

  it('reads the scale-out flags: instances, the gateway and its workers, checkouts', () => {
    const defaults = parseArgs([], {});
    assert.deepEqual([defaults.instances, defaults.gateway, defaults.gatewayWorkers, defaults.checkouts], [1, true, 1, 50]);
    const options = parseArgs(['--instances', '2', '--no-gateway', '--gateway-workers=2', '--checkouts', '0'], {});
    assert.deepEqual([options.instances, options.gateway, options.gatewayWorkers, options.checkouts], [2, false, 2, 0]);
  });
});

describe('scenarios', () => {
  it('asks what the issue names, and the shop query exactly as the shop page builds it', () => {
    const fixed = scenarios(1_000_000).filter((s) => !s.varied);
    const random = () => 0.5;
    assert.deepEqual(
      fixed.map((s) => s.path(random)),
      [
        '/products/1',
        '/products?limit=12&skip=12',
        '/products/search?q=phone',
        '/products?category=furniture&minPrice=20&maxPrice=29.99&sortBy=rating&order=desc&limit=12&select=id%2Ctitle%2Cdescription%2Cprice%2CdiscountPercentage%2Crating%2Cstock%2Cbrand%2Ccategory%2Ccolor%2Cthumbnail&facets=1',
      ],
    );
    assert.equal(shopUrl({ sortBy: 'id', order: 'asc', limit: 6, skip: 0 }).includes('skip'), false);
  });

  it('spreads varied rows over many URLs within the catalogue', () => {
    let seed = 1;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (const scenario of scenarios(500).filter((s) => s.varied)) {
      const paths = new Set(Array.from({ length: 200 }, () => scenario.path(random)));
      assert.ok(paths.size > 50, `${scenario.name} varies`);
      if (scenario.name === 'product-any') for (const p of paths) assert.ok(Number(p.split('/')[2]) <= 500);
    }
  });
});

describe('verdicts of the load rows', () => {
  const result = (over: Partial<LoadResult>): LoadResult => ({
    db: 'postgres',
    size: 1_000_000,
    scenario: 'search-any',
    label: 'x',
    target: 'latency',
    varied: true,
    requestsPerSec: 2000,
    p50: 5,
    p90: 10,
    p99: 30,
    max: 60,
    errors: 0,
    timeouts: 0,
    non2xx: 0,
    firstMs: null,
    bytesPerSec: 0,
    peakRss: 0,
    ...over,
  });

  it('judges varied search and shop at a million products by req/s and p99 together', () => {
    assert.deepEqual(loadVerdict(result({})), { target: '>= 1,500 req/s, p99 <= 50 ms', verdict: 'met' });
    assert.equal(loadVerdict(result({ requestsPerSec: 1200, p99: 80 })).verdict, 'missed by 300 req/s, missed by 30 ms');
    assert.equal(loadVerdict(result({ size: 'seed', p99: 80 })).verdict, '(missed by 30 ms)');
  });

  it('judges varied ids by req/s', () => {
    assert.deepEqual(loadVerdict(result({ scenario: 'product-any', target: 'throughput', requestsPerSec: 4000 })), {
      target: '>= 5,000 req/s',
      verdict: 'missed by 1000 req/s',
    });
  });

  it('judges a gateway row by its share of the service-alone row of the same run', () => {
    const through = (rps: number) =>
      result({ varied: false, target: 'throughput', requestsPerSec: rps, reference: { scenario: 'product', requestsPerSec: 20_000 } });
    assert.deepEqual(loadVerdict(through(15_000)), { target: '>= 70 % of service alone', verdict: '75.0 %: met' });
    assert.equal(loadVerdict(through(10_000)).verdict, '50.0 %: missed by 20 points');
    assert.deepEqual(
      GATEWAY_SCENARIOS.map((s) => [s.path, s.reference]),
      [
        ['/products/1', 'product'],
        ['/products?limit=12&skip=12', 'page'],
      ],
    );
  });
});

describe('tables', () => {
  const table = {
    title: 'T',
    columns: ['a', 'n'],
    numeric: [false, true],
    rows: [
      ['x', 5],
      ['long|name', null],
    ],
    notes: ['note'],
  };

  it('aligns text columns and right-aligns numbers', () => {
    assert.equal(renderText(table), '\nT\na          n\n---------  -\nx          5\nlong|name  -\n  note');
  });

  it('escapes pipes in Markdown', () => {
    assert.match(renderMarkdown(table), /\| long\\\|name \| - \|/);
    assert.match(renderMarkdown(table), /\|---\|---:\|/);
  });

  it('says how far a value misses its target', () => {
    assert.equal(verdict(0.96, 1, 'higher'), 'missed by 0.04');
    assert.equal(verdict(0.95, 0.95, 'higher'), 'met');
    assert.equal(verdict(31, 20, 'lower', ' ms'), 'missed by 11 ms');
    assert.equal(verdict(14_000.4, 15_000, 'higher', ' req/s'), 'missed by 999.6 req/s');
    assert.equal(verdict(null, 1, 'higher'), 'n/a');
  });
});

describe('sourceOwner', () => {
  it('names the npm package or the app folder a source-map source comes from', () => {
    assert.equal(sourceOwner('webpack://shell/../node_modules/react-dom/cjs/react-dom-client.production.js'), 'react-dom');
    assert.equal(sourceOwner('webpack://mf_catalog/./node_modules/@module-federation/runtime-core/dist/index.esm.js'), '@module-federation/runtime-core');
    assert.equal(sourceOwner('webpack://shell/./src/header/Header.tsx'), 'src/header');
    assert.equal(sourceOwner('webpack://shell/webpack/runtime/jsonp'), 'webpack/runtime');
  });
});

describe('referencePage', () => {
  it('keeps the rendered page and its data, and drops every script and script hint', () => {
    const page = [
      '<html><head><script defer="defer" src="/assets/main.1.js"></script>',
      '<link rel="preload" href="/remotes/catalog/mf-manifest.json" as="fetch" crossorigin="anonymous">',
      '<link rel="preload" href="/assets/470.js" as="script">',
      '<link rel="preload" href="/img.svg" as="image" fetchpriority="high">',
      '<link rel="stylesheet" href="/assets/main.css">',
      '<script type="application/ld+json">{"@type":"Product"}</script>',
      '<script type="application/json" id="route-data">{"answers":{}}</script>',
      '</head><body><div id="root" data-rendered="server"><h1>Dive Watch</h1></div></body></html>',
    ].join('');
    const reference = referencePage(page);
    assert.equal(
      reference,
      '<html><head><link rel="preload" href="/img.svg" as="image" fetchpriority="high"><link rel="stylesheet" href="/assets/main.css"><script type="application/ld+json">{"@type":"Product"}</script></head><body><div id="root" data-rendered="server"><h1>Dive Watch</h1></div></body></html>',
    );
  });
});

describe('the Lighthouse routes', () => {
  it("cover every shopper route of issue #44, each in the state a shopper meets it in, and the fresh ones are the interactions bench's", () => {
    assert.deepEqual(
      LIGHTHOUSE_ROUTES.map(({ route, state }) => `${route} ${state}`),
      ['/ fresh', '/shop fresh', '/shop/1 fresh', '/search?q=chair fresh', '/cart-list cart', '/checkout cart', '/my-account signedIn'],
    );
    assert.deepEqual(ROUTES, ['/', '/shop', '/shop/1', '/search?q=chair']);
  });

  it('give every stateful route something its page must show', () => {
    for (const route of LIGHTHOUSE_ROUTES) assert.equal(route.state === 'fresh', !route.shows?.length, route.route);
  });
});

describe('stateProblem', () => {
  const marks = [
    { selector: '[role="tablist"]', count: 1, what: 'dashboard tabs' },
    { selector: 'input[type="password"]', count: 0, what: 'password fields' },
  ];

  it('passes a page that stayed on its route and shows what its state should', () => {
    assert.equal(stateProblem('/my-account', 'signedIn', marks, { path: '/my-account', counts: [1, 0] }), null);
  });

  it('names the route, the state and everything that differs', () => {
    assert.equal(
      stateProblem('/my-account', 'signedIn', marks, { path: '/my-account', counts: [0, 1] }),
      `/my-account was not in its 'signedIn' state: 0 dashboard tabs instead of 1 ([role="tablist"]); 1 password fields instead of 0 (input[type="password"])`,
    );
    assert.match(stateProblem('/checkout', 'cart', [], { path: '/cart-list', counts: [] }) ?? '', /the page ended on \/cart-list/);
  });
});

describe('lighthouseTables', () => {
  const row = (route: string, state: RouteResult['state'], error?: string): RouteResult => ({
    route,
    state,
    runs: error ? 0 : 1,
    scores: { performance: error ? null : 0.5, accessibility: 1, 'best-practices': 1, seo: 1 },
    lcpMs: null,
    cls: null,
    tbtMs: null,
    fcpMs: null,
    speedIndexMs: null,
    performanceRuns: [],
    scripts: [],
    jsTransferred: 0,
    jsGzip: null,
    liveMs: null,
    jsGzipBeforeLive: null,
    composition: [],
    failing: {},
    ...(error ? { error } : {}),
  });

  it('names the state of each route, and a route whose state did not take among the notes', () => {
    const [scores, targets] = lighthouseTables(
      { base: 'http://localhost:5100', stackStartSeconds: 1, routes: [row('/', 'fresh'), row('/cart-list', 'cart', "/cart-list was not in its 'cart' state")] },
      1,
    );
    assert.deepEqual(scores!.columns.slice(0, 2), ['route', 'state']);
    assert.deepEqual(
      scores!.rows.map((r) => r.slice(0, 3)),
      [
        ['/', 'fresh', '0.50'],
        ['/cart-list', 'cart', '-'],
      ],
    );
    assert.ok(scores!.notes!.includes("/cart-list (cart): /cart-list was not in its 'cart' state"));
    assert.deepEqual(
      targets!.rows.map((r) => r.slice(0, 2)),
      [['/', 'fresh']],
    );
  });
});

describe('scriptsBeforeLive', () => {
  const requests = [
    { url: 'http://localhost:5100/assets/main.js', resourceType: 'Script', rendererStartTime: 40 },
    { url: 'http://localhost:5100/remotes/catalog/remoteEntry.js', resourceType: 'Script', rendererStartTime: 610 },
    { url: 'http://localhost:5100/remotes/cart/remoteEntry.js', resourceType: 'Script', rendererStartTime: 1400 },
  ];

  it('counts the scripts asked for before the page went live as its first load', () => {
    const { liveMs, before } = scriptsBeforeLive(requests, [
      { name: 'other', timingType: 'Mark', startTime: 10 },
      { name: 'storefront:live', timingType: 'Mark', startTime: 1200 },
    ]);
    assert.equal(liveMs, 1200);
    assert.deepEqual(requests.map(before), [true, true, false]);
  });

  it('says nothing of a page that never went live (no mark) or a request without a time', () => {
    assert.deepEqual(requests.map(scriptsBeforeLive(requests, []).before), [null, null, null]);
    assert.equal(scriptsBeforeLive([], [{ name: 'storefront:live', timingType: 'Mark', startTime: 5 }]).before({ url: 'x' }), null);
  });
});

describe('the interactions bench', () => {
  it('reads --only inp, the previous build and the runs; other parts keep their defaults', () => {
    const options = parseArgs(['--only', 'inp', '--against', 'HEAD~3', '--build=HEAD', '--inp-runs=7'], {});
    assert.deepEqual(options.parts, ['inp']);
    assert.equal(options.against, 'HEAD~3');
    assert.equal(options.build, 'HEAD');
    assert.equal(options.inpRuns, 7);
    assert.deepEqual(parseArgs([], {}).parts, ['lighthouse', 'catalog', 'orders']);
    assert.equal(parseArgs([], {}).against, null);
    assert.throws(() => parseArgs(['--against', '--inp-runs', '3'], {}), UsageError);
    assert.throws(() => parseArgs(['--inp-runs', '0'], {}), UsageError);
  });

  it('sums blocking time up to live and finds the longest task before and after it', () => {
    const tasks: [number, number][] = [
      [100, 60],
      [400, 180],
      [900, 40],
      [1_200, 90],
      [7_000, 300],
    ];
    assert.deepEqual(summariseTasks(tasks, 1_000), { liveMs: 1_000, longestToLiveMs: 180, tbtToLiveMs: 10 + 130, longestAfterLiveMs: 90 });
    assert.deepEqual(summariseTasks([], 800), { liveMs: 800, longestToLiveMs: 0, tbtToLiveMs: 0, longestAfterLiveMs: 0 });
  });

  it("takes a view's INP as its worst interaction, each the longest of its events", () => {
    assert.equal(
      worstInteraction([
        [7, 40],
        [7, 88],
        [8, 64],
        [9, 24],
      ]),
      88,
    );
    assert.equal(worstInteraction([]), null);
    assert.equal(median([3, 1, 2]), 2);
    assert.equal(median([4, 1, 2, 3]), 2.5);
    assert.equal(median([]), null);
  });

  it('prints each interaction beside the same on the previous build, judged against 100 ms', () => {
    const report: InteractionsReport = {
      against: { ref: 'HEAD', commit: 'abcdef1234567', why: 'given with --against' },
      build: null,
      runs: 3,
      loadAverage: { start: [1.5, 2, 2.5], end: [1, 1, 1] },
      loads: [
        { route: '/', build: 'previous', samples: [{ liveMs: 2000, longestToLiveMs: 400, tbtToLiveMs: 900, longestAfterLiveMs: 60 }], errors: [] },
        { route: '/', build: 'this', samples: [{ liveMs: 1500, longestToLiveMs: 120, tbtToLiveMs: 200, longestAfterLiveMs: 90 }], errors: ['Timeout'] },
      ],
      interactions: [
        { name: 'add to cart (/shop/1)', build: 'previous', inp: [120, 96, 140], errors: [] },
        { name: 'add to cart (/shop/1)', build: 'this', inp: [80, 72, null], errors: [] },
      ],
    };
    const [loads, inp] = interactionsTables(report);
    assert.deepEqual(loads!.rows[1], ['/', 'this', '1500 / 1500', '120 / 120', '200 / 200', '90 / 90']);
    assert.ok(loads!.notes!.includes('failed: Timeout'));
    assert.ok(loads!.notes!.some((note) => note.includes('load average 1.5 / 2 / 2.5 at the start')));
    assert.deepEqual(inp!.rows, [['add to cart (/shop/1)', '120 / 140', '76 / 80', 'met']]);
    assert.match(inp!.title, /abcdef123, given with --against/);
  });

  it('compares with HEAD while front-end code is changed, else with the parent of the last commit that changed it', () => {
    const repo = mkdtempSync(path.join(os.tmpdir(), 'bench-against-'));
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', ...args], { cwd: repo, encoding: 'utf8' }).trim();
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
      writeFileSync(path.join(repo, file), text);
    };
    try {
      git('init', '-q');
      write('shell/src/a.ts', '1');
      git('add', '.');
      git('commit', '-qm', 'one');
      write('mf-catalog/src/b.ts', '2');
      git('add', '.');
      git('commit', '-qm', 'front end');
      const frontEnd = git('rev-parse', 'HEAD');
      write('docs/x.md', 'words');
      git('add', '.');
      git('commit', '-qm', 'docs');
      assert.equal(defaultAgainst(repo).ref, `${frontEnd}~1`);
      write('shared-events/src/c.ts', 'new');
      assert.equal(defaultAgainst(repo).ref, 'HEAD');
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});
