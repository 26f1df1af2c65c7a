// Unit tests of the bench's pure parts, on Node's own runner (`node --test tools/bench/`): the bench
// imports Lighthouse, an ES module that jest's CommonJS transform cannot load.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseArgs, UsageError } from './args.ts';
import { scenarios, shopUrl } from '../../mf-catalog/bench/loadTest.ts';
import { sourceOwner } from './lighthouse.ts';
import { renderMarkdown, renderText, verdict } from './table.ts';

describe('parseArgs', () => {
  it('defaults to everything: both parts, seed and 1,000,000 products, SQLite and PostgreSQL', () => {
    const options = parseArgs([], {});
    assert.deepEqual(options.parts, ['lighthouse', 'catalog']);
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
    assert.throws(() => parseArgs(['--only', 'css'], {}), (error: Error) => error instanceof UsageError && /'css' is not one of lighthouse, catalog/.test(error.message));
    assert.throws(() => parseArgs(['--size', '12x'], {}), /--size: '12x'/);
    assert.throws(() => parseArgs(['--db', 'mysql'], {}), /--db: 'mysql'/);
    assert.throws(() => parseArgs(['--duration', '0'], {}), /--duration must be a whole number from 1 to 600 \(got '0'\)/);
    assert.throws(() => parseArgs(['--size'], {}), /--size needs a value/);
    assert.throws(() => parseArgs(['--fast'], {}), /unknown option '--fast'/);
    assert.throws(() => parseArgs(['--database-url', 'mysql://x'], {}), /postgres:\/\//);
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
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (const scenario of scenarios(500).filter((s) => s.varied)) {
      const paths = new Set(Array.from({ length: 200 }, () => scenario.path(random)));
      assert.ok(paths.size > 50, `${scenario.name} varies`);
      if (scenario.name === 'product-any') for (const p of paths) assert.ok(Number(p.split('/')[2]) <= 500);
    }
  });
});

describe('tables', () => {
  const table = { title: 'T', columns: ['a', 'n'], numeric: [false, true], rows: [['x', 5], ['long|name', null]], notes: ['note'] };

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
