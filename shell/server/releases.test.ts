import { randomInt } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { fileRegistry, postgresRegistry } from '../releases/registryStore.ts';
import { promote, rollback, setCanary } from '../releases/registry.ts';
import { createRelease } from '../releases/releaseStore.ts';
import { startGateway, workspace, type Service } from './testing/liveServices.ts';

// The gateway reads the release registry on every page load: a promotion, a rollback or a canary
// reaches shoppers on their next page with no restart, and the Content-Security-Policy follows it.

function upstream(): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((_request, response) => response.end('{}'));
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() })),
  );
}

function cartBuild(marker: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cart-build-'));
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'cart', marker }));
  writeFileSync(path.join(dir, 'remoteEntry.js'), `var cart = ${JSON.stringify(marker)};`);
  mkdirSync(path.join(dir, 'chunks'));
  writeFileSync(path.join(dir, 'chunks', `page.0123456789.js`), `console.log(${JSON.stringify(marker)})`);
  writeFileSync(path.join(dir, 'chunks', `page.0123456789.js.map`), '{"sources":["secret.ts"]}');
  return dir;
}

const change = (by = 'team-cart') => ({ remote: 'cart' as const, by, at: new Date() });
const inlined = (html: string) =>
  JSON.parse(/<script type="application\/json" id="remote-config">([^<]*)<\/script>/.exec(html)![1]!) as { remotes: Record<string, string> };

jest.setTimeout(60_000);

describe('releases through the gateway', () => {
  const ws = workspace('gateway-releases-');
  const releasesDir = path.join(ws.root, 'releases');
  const registry = fileRegistry(releasesDir);
  let gateway: Service;
  let catalog: Awaited<ReturnType<typeof upstream>>;
  let first: string;
  let second: string;

  beforeAll(async () => {
    catalog = await upstream();
    first = createRelease(releasesDir, 'cart', cartBuild('first'), '0.1.0').id;
    second = createRelease(releasesDir, 'cart', cartBuild('second'), '0.1.1').id;
    gateway = ws.track(await startGateway(ws.root, { catalogUrl: catalog.url, checkoutUrl: catalog.url }, { RELEASES_DIR: releasesDir }));
  });
  afterAll(async () => {
    await ws.cleanup();
    catalog.close();
  });

  it('serves each remote from its build until a release is promoted, then from the release, on the next page load', async () => {
    const before = await (await fetch(`${gateway.url}/remotes.json`)).json();
    expect(before.remotes.cart).toBe('/remotes/cart/mf-manifest.json');

    await registry.update((state) => promote(state, { id: first, manifest: `/releases/cart/${first}/mf-manifest.json` }, change()));
    expect((await (await fetch(`${gateway.url}/remotes.json`)).json()).remotes.cart).toBe(`/releases/cart/${first}/mf-manifest.json`);
    const page = await (await fetch(`${gateway.url}/cart-list`)).text();
    expect(inlined(page).remotes.cart).toBe(`/releases/cart/${first}/mf-manifest.json`);
    expect(inlined(page).remotes.catalog).toBe('/remotes/catalog/mf-manifest.json');

    await registry.update((state) => promote(state, { id: second, manifest: `/releases/cart/${second}/mf-manifest.json` }, change()));
    expect(inlined(await (await fetch(`${gateway.url}/`)).text()).remotes.cart).toBe(`/releases/cart/${second}/mf-manifest.json`);
    await registry.update((state) => rollback(state, change('on-call')));
    expect(inlined(await (await fetch(`${gateway.url}/`)).text()).remotes.cart).toBe(`/releases/cart/${first}/mf-manifest.json`);
  });

  it('keeps serving every release on disk (open pages still load the chunks of the one they started with), immutable, with CORS, maps refused', async () => {
    for (const [id, marker] of [
      [first, 'first'],
      [second, 'second'],
    ] as const) {
      const chunk = await fetch(`${gateway.url}/releases/cart/${id}/chunks/page.0123456789.js`);
      expect(chunk.status).toBe(200);
      expect(await chunk.text()).toContain(marker);
      expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(chunk.headers.get('access-control-allow-origin')).toBe('*');
      // Even the manifest and entry are immutable: a release id never names other bytes.
      expect((await fetch(`${gateway.url}/releases/cart/${id}/remoteEntry.js`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    expect((await fetch(`${gateway.url}/releases/cart/${first}/chunks/page.0123456789.js.map`)).status).toBe(404);
    expect((await fetch(`${gateway.url}/releases/cart/0.0.9-ffffffffff/remoteEntry.js`)).status).toBe(404);
    expect((await fetch(`${gateway.url}/releases/../registry.json`)).status).toBe(404);
  });

  it('allows in its Content-Security-Policy exactly the origins of the live and canary releases', async () => {
    const policy = async () => (await fetch(`${gateway.url}/`)).headers.get('content-security-policy')!;
    expect(await policy()).not.toContain('cdn.example.com');
    await registry.update((state) =>
      promote(state, { id: '0.2.0-aaaaaaaaaa', manifest: 'https://cdn.example.com/cart/0.2.0-aaaaaaaaaa/mf-manifest.json' }, change()),
    );
    const withCdn = await policy();
    for (const directive of ['script-src', 'connect-src', 'style-src', 'img-src', 'font-src']) {
      expect(withCdn).toMatch(new RegExp(`${directive} [^;]*https://cdn\\.example\\.com(;| )`));
    }
    await registry.update((state) => setCanary(state, { id: '0.3.0-bbbbbbbbbb', manifest: 'https://canary.example.net/cart/mf-manifest.json' }, 10, change()));
    expect(await policy()).toContain('https://canary.example.net');
    await registry.update((state) => setCanary(state, { id: '0.3.0-bbbbbbbbbb', manifest: '' }, 0, change()));
    await registry.update((state) => rollback(state, change()));
    const after = await policy();
    expect(after).not.toContain('cdn.example.com');
    expect(after).not.toContain('canary.example.net');
  });

  it('serves a canary to about its share of fresh shoppers, each shopper always the same release', async () => {
    const manifestFor = async (cookie?: string) => {
      const response = await fetch(`${gateway.url}/remotes.json`, cookie ? { headers: { cookie } } : {});
      return { cart: (await response.json()).remotes.cart as string, setCookie: response.headers.get('set-cookie') };
    };
    const canaryManifest = `/releases/cart/${second}/mf-manifest.json`;
    const share = async () => {
      let canary = 0;
      for (let shopper = 0; shopper < 100; shopper++) {
        const fresh = await manifestFor();
        // Attributes in any order (RFC 6265 gives it no meaning), each of them exactly once.
        const [cookie, ...attributes] = fresh.setCookie!.split('; ');
        expect(cookie).toMatch(/^sf_bucket=\d{1,2}$/);
        expect(attributes.sort()).toEqual(['HttpOnly', 'Max-Age=2592000', 'Path=/', 'SameSite=Lax']);
        for (let visit = 0; visit < 3; visit++) expect((await manifestFor(cookie!)).cart).toBe(fresh.cart);
        if (fresh.cart === canaryManifest) canary++;
      }
      return canary;
    };

    await registry.update((state) => setCanary(state, { id: second, manifest: canaryManifest }, 30, change()));
    const atThirty = await share();
    // Binomial(100, 0.3): 15..45 holds with probability above 0.999.
    expect(atThirty).toBeGreaterThanOrEqual(15);
    expect(atThirty).toBeLessThanOrEqual(45);

    await registry.update((state) => setCanary(state, { id: second, manifest: canaryManifest }, 0, change()));
    const stopped = await manifestFor();
    expect(stopped.setCookie).toBeNull();
    expect(stopped.cart).not.toBe(canaryManifest);

    await registry.update((state) => setCanary(state, { id: second, manifest: canaryManifest }, 100, change()));
    for (let shopper = 0; shopper < 20; shopper++) expect((await manifestFor(`sf_bucket=${shopper * 5}`)).cart).toBe(canaryManifest);
  });
});

/** A shell build: its page points at its own main script, whose name carries its content's hash. */
function shellBuild(marker: string, mainHash: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shell-build-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><meta name="build" content="${marker}"><title>Storefront</title><script defer src="/assets/main.${mainHash}.js"></script></head><body></body></html>`,
  );
  writeFileSync(path.join(dir, 'assets', `main.${mainHash}.js`), `console.log(${JSON.stringify(marker)})`);
  writeFileSync(path.join(dir, 'assets', `main.${mainHash}.js.map`), '{"sources":["secret.ts"]}');
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'shell', shared: [] }));
  return dir;
}

describe('the shell as a release of its own', () => {
  const ws = workspace('gateway-shell-releases-');
  const releasesDir = path.join(ws.root, 'releases');
  const registry = fileRegistry(releasesDir);
  const shellChange = (by = 'team-shell') => ({ remote: 'shell' as const, by, at: new Date() });
  const ref = (id: string) => ({ id, manifest: `/releases/shell/${id}/mf-manifest.json` });
  let gateway: Service;
  let catalog: Awaited<ReturnType<typeof upstream>>;
  let first: string;
  let second: string;

  beforeAll(async () => {
    catalog = await upstream();
    first = createRelease(releasesDir, 'shell', shellBuild('Shell one', 'aaaaaaaaaa'), '0.1.0').id;
    second = createRelease(releasesDir, 'shell', shellBuild('Shell two', 'bbbbbbbbbb'), '0.1.1').id;
    gateway = ws.track(await startGateway(ws.root, { catalogUrl: catalog.url, checkoutUrl: catalog.url }, { RELEASES_DIR: releasesDir }));
  });
  afterAll(async () => {
    await ws.cleanup();
    catalog.close();
  });

  /** Which shell build served the page (the page's title is the route's own). */
  const title = async (address = '/shop') => /<meta name="build" content="([^"]*)">/.exec(await (await fetch(`${gateway.url}${address}`)).text())![1];
  const status = async (address: string) => (await fetch(`${gateway.url}${address}`)).status;

  it('serves pages from the live shell release on the next load, and its build before any promotion', async () => {
    expect(await title()).toBe('Storefront');
    await registry.update((state) => promote(state, ref(first), shellChange()));
    expect(await title()).toBe('Shell one');
    expect(await title('/')).toBe('Shell one');
    const main = await fetch(`${gateway.url}/assets/main.aaaaaaaaaa.js`);
    expect(await main.text()).toContain('Shell one');
    expect(main.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    await registry.update((state) => promote(state, ref(second), shellChange()));
    expect(await title('/product/1')).toBe('Shell two');
  });

  it('still serves the scripts of the shell a page started with after a promotion and a rollback, never source maps or paths outside it', async () => {
    // A page whose HTML came from the first release asks for its script after the second went live.
    expect(await status('/assets/main.aaaaaaaaaa.js')).toBe(200);
    expect(await status('/assets/main.bbbbbbbbbb.js')).toBe(200);
    // So does a page opened before any shell release, from the shell's build.
    expect(await status('/assets/main.0123456789.js')).toBe(200);
    await registry.update((state) => rollback(state, shellChange('on-call')));
    expect(await title()).toBe('Shell one');
    expect(await status('/assets/main.bbbbbbbbbb.js')).toBe(200);
    expect(await status('/assets/main.aaaaaaaaaa.js.map')).toBe(404);
    expect(await status('/assets/main.cccccccccc.js')).toBe(404);
    expect(await status('/release.json')).toBe(404);
    expect(await status('/assets//main.aaaaaaaaaa.js')).toBe(404);
  });
});

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

describe('one registry in PostgreSQL for several gateways', () => {
  const ws = workspace('gateway-registry-pg-');
  const schema = `registry_test_${randomInt(1e9)}`;
  const databaseUrl = `${TEST_DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  const gateways: Service[] = [];
  let catalog: Awaited<ReturnType<typeof upstream>>;

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    catalog = await upstream();
    for (const name of ['a', 'b']) {
      gateways.push(
        ws.track(
          await startGateway(
            path.join(ws.root, name),
            { catalogUrl: catalog.url, checkoutUrl: catalog.url },
            { DATABASE_URL: databaseUrl, RELEASES_DIR: path.join(ws.root, 'releases') },
          ),
        ),
      );
    }
  });
  afterAll(async () => {
    await ws.cleanup();
    catalog.close();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  it('several instances opening the registry at once on a new database all start', async () => {
    const fresh = `registry_race_${randomInt(1e9)}`;
    await admin.query(`create schema ${fresh}`);
    try {
      const url = `${TEST_DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${fresh}`)}`;
      const stores = await Promise.all(Array.from({ length: 6 }, () => postgresRegistry(url, { listen: false })));
      expect(stores.map((store) => store.current().version)).toEqual([0, 0, 0, 0, 0, 0]);
      await Promise.all(stores.map((store) => store.close()));
    } finally {
      await admin.query(`drop schema if exists ${fresh} cascade`);
    }
  });

  it('a promotion reaches every instance at once, with no restart', async () => {
    const registry = await postgresRegistry(databaseUrl, { listen: false });
    try {
      await registry.update((state) =>
        promote(state, { id: '0.5.0-cccccccccc', manifest: 'https://cdn.example.com/cart/0.5.0-cccccccccc/mf-manifest.json' }, change()),
      );
    } finally {
      await registry.close();
    }
    for (const gateway of gateways) {
      // LISTEN/NOTIFY: well under the 5 s re-read that would otherwise catch it.
      const seen = async () => (await (await fetch(`${gateway.url}/remotes.json`)).json()).remotes.cart as string;
      let cart = await seen();
      for (const started = Date.now(); cart.startsWith('/') && Date.now() - started < 2000; cart = await seen())
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(cart).toBe('https://cdn.example.com/cart/0.5.0-cccccccccc/mf-manifest.json');
      expect((await fetch(`${gateway.url}/`)).headers.get('content-security-policy')).toContain('https://cdn.example.com');
    }
  });
});
