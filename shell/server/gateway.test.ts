import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import path from 'node:path';
import { freePort, startNodeService, type ManagedProcess } from '../../tools/kit/processes.ts';

/** Answers set for a path, instead of the echo every other path gets. */
type Canned = Record<string, { status?: number; body: unknown; delayMs?: number }>;

function fakeUpstream(name: string, canned: Canned = {}): Promise<{ url: string; seen: string[]; close: () => void }> {
  const seen: string[] = [];
  const server = http.createServer((request, response) => {
    seen.push(`${request.method} ${request.url} from ${request.headers['x-forwarded-for']}`);
    response.setHeader('content-type', 'application/json');
    const answer = canned[request.url ?? ''];
    if (!answer) return void response.end(JSON.stringify({ from: name, url: request.url }));
    setTimeout(() => {
      response.statusCode = answer.status ?? 200;
      response.end(JSON.stringify(answer.body));
    }, answer.delayMs ?? 0);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, seen, close: () => server.close() });
    }),
  );
}

/** Runs the real gateway entry point as its own process, as `npm start` does. */
async function startGateway(env: Record<string, string>): Promise<ManagedProcess & { url: string }> {
  const started = await startNodeService(path.join(__dirname, 'main.ts'), {
    name: 'gateway',
    inheritEnv: true,
    // Its own (empty) release registry: never the developer's .releases.
    env: { RELEASES_DIR: mkdtempSync(path.join(os.tmpdir(), 'gateway-releases-')), ...env },
    ready: /localhost:(\d+)/,
  });
  return Object.assign(started, { url: `http://127.0.0.1:${started.url}` });
}

/** What a page carries for the browser (its route-data element), "<" restored. */
function routeData(page: string): { answers: Record<string, unknown>; [key: string]: unknown } {
  return JSON.parse(/<script type="application\/json" id="route-data">(.*?)<\/script>/.exec(page)![1]!.replace(/\\u003c/g, '<'));
}

const PRODUCT = {
  id: 7,
  title: 'Oak <Desk> & "Chair"',
  description: 'A desk of solid oak.',
  price: 249.5,
  discountPercentage: 10,
  stock: 0,
  brand: 'Woodly',
  category: 'home-decoration',
  sku: 'FUR-WOO-7',
  thumbnail: '/api/catalog/images/products/7/thumb.svg',
  images: ['/api/catalog/images/products/7/1.svg', '/api/catalog/images/products/7/2.svg'],
};

describe('gateway', () => {
  let gateway: ManagedProcess;
  let base: string;
  let shellAssets: string;
  let shellDist: string;
  let catalog: Awaited<ReturnType<typeof fakeUpstream>>;
  let checkout: Awaited<ReturnType<typeof fakeUpstream>>;
  let firebase: Awaited<ReturnType<typeof fakeUpstream>>;

  beforeAll(async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'gateway-'));
    shellDist = path.join(root, 'shell');
    mkdirSync(path.join(shellDist, 'assets'), { recursive: true });
    writeFileSync(path.join(shellDist, 'index.html'), '<!doctype html><html><head><title>Storefront</title></head><body><div id="root"></div></body></html>');
    writeFileSync(path.join(shellDist, 'assets', 'main.0123456789.js'), 'console.log(1)');
    writeFileSync(path.join(shellDist, 'assets', 'main.0123456789.js.br'), brotliCompressSync('console.log(1)'));
    writeFileSync(path.join(shellDist, 'assets', 'main.0123456789.js.map'), '{"version":3,"sources":["secret.ts"]}');
    // The shell's server build: renders /shop/7 only (any other page fails as a whole).
    mkdirSync(path.join(shellDist, 'server'));
    writeFileSync(
      path.join(shellDist, 'server', 'render.cjs'),
      `exports.renderPage = async (request) => {
        if (!request.url.startsWith('/shop/7')) throw new Error('this build renders /shop/7 only');
        const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
        const title = escape(request.answers['/api/catalog/products/7'].body.title);
        return { html: '<main><h1>' + title + '</h1><p>' + request.language + ' ' + escape(request.pageName) + '</p></main>', answers: { ...request.answers, '/api/catalog/wanted': { status: 200, body: [] } }, screen: 'catalog/ProductPage', fallback: null };
      };`,
    );
    writeFileSync(path.join(shellDist, 'page-styles.json'), '["assets/bootstrap.0123456789.css"]');
    shellAssets = path.join(shellDist, 'assets');
    const cartDist = path.join(root, 'cart');
    mkdirSync(cartDist);
    writeFileSync(path.join(cartDist, 'mf-manifest.json'), '{"id":"cart"}');
    writeFileSync(path.join(cartDist, 'cart.0123456789.js.map'), '{"version":3,"sources":["secret.ts"]}');
    catalog = await fakeUpstream('catalog', {
      '/products/7': { body: PRODUCT },
      '/products/8': { status: 404, body: { message: 'Product with id 8 not found' } },
      // Slower than the page's budget for its data (PAGE_DATA_BUDGET_MS below).
      '/products/9': { body: { ...PRODUCT, id: 9 }, delayMs: 1_500 },
    });
    checkout = await fakeUpstream('checkout');
    // Stands in for the local Auth service and database, which the gateway reports on.
    firebase = await fakeUpstream('firebase');
    const started = await startGateway({
      PORT: String(await freePort()),
      CATALOG_URL: catalog.url,
      CHECKOUT_URL: checkout.url,
      SHELL_DIST: shellDist,
      CART_DIST: cartDist,
      CONTACT_DB: ':memory:',
      REMOTE_CATALOG_URL: 'https://catalog.example.com/mf-manifest.json',
      FIREBASE_AUTH_EMULATOR_URL: firebase.url,
      FIREBASE_DATABASE_EMULATOR_HOST: new URL(firebase.url).host,
      SITE_URL: 'https://shop.example',
      PAGE_DATA_BUDGET_MS: '300',
      SERVER_RENDERING: 'on',
    });
    gateway = started;
    base = started.url;
  });

  afterAll(async () => {
    await gateway.stop();
    catalog.close();
    checkout.close();
    firebase.close();
  });

  it('tells the shell where each remote lives, without caching it', async () => {
    const response = await fetch(`${base}/remotes.json`);
    expect(response.headers.get('cache-control')).toBe('no-cache, private');
    expect(await response.json()).toEqual({
      remotes: {
        catalog: 'https://catalog.example.com/mf-manifest.json',
        cart: '/remotes/cart/mf-manifest.json',
        account: '/remotes/account/mf-manifest.json',
        checkout: '/remotes/checkout/mf-manifest.json',
        admin: '/remotes/admin/mf-manifest.json',
      },
    });
  });

  it('serves client routes with the app, and unknown ones with a 404 status', async () => {
    for (const route of ['/', '/shop', '/shop/12', '/cart-list', '/my-account', '/checkout']) {
      const response = await fetch(`${base}${route}`);
      expect([route, response.status]).toEqual([route, 200]);
      expect(await response.text()).toContain('<div id="root">');
    }
    const missing = await fetch(`${base}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<div id="root">');
  });

  it("announces a page's remote screen and inlines the remote configuration", async () => {
    const cartPage = await (await fetch(`${base}/cart-list`)).text();
    expect(cartPage).toContain('<script type="application/json" id="remote-config">{"remotes":{"catalog":"https://catalog.example.com/mf-manifest.json"');
    expect(cartPage).toContain('<link rel="preload" href="/remotes/cart/mf-manifest.json" as="fetch" crossorigin="anonymous">');
    // A remote hosted elsewhere is not read by the gateway, so nothing is announced for it.
    const home = await (await fetch(`${base}/`)).text();
    expect(home).toContain('id="remote-config"');
    expect(home).not.toContain('rel="preload" href="/remotes/catalog');
  });

  it("names a product's page after it, describes it to search engines and carries its data for the screen", async () => {
    const response = await fetch(`${base}/shop/7`);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('<title>Oak &lt;Desk&gt; &amp; &quot;Chair&quot; | Storefront</title>');
    expect(page).toContain('<meta name="description" content="A desk of solid oak.">');
    expect(page).toContain('<link rel="canonical" href="https://shop.example/shop/7">');
    expect(page).toContain('<meta property="og:image" content="https://shop.example/api/catalog/images/products/7/1.svg">');
    expect(page).toContain('<link rel="preload" href="/api/catalog/images/products/7/1.svg" as="image" fetchpriority="high">');
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(page)![1]!.replace(/\\u003c/g, '<'));
    expect(jsonLd).toMatchObject({
      '@type': 'Product',
      name: 'Oak <Desk> & "Chair"',
      sku: 'FUR-WOO-7',
      brand: { name: 'Woodly' },
      offers: { price: '249.50', priceCurrency: 'USD', availability: 'https://schema.org/OutOfStock', url: 'https://shop.example/shop/7' },
    });
    // Nothing in the catalogue's text can close the script elements it travels in.
    expect(page).not.toContain('<Desk>');
    const data = routeData(page);
    expect(data.answers['/api/catalog/products/7']).toEqual({ status: 200, body: PRODUCT });
    // The header's category menu finds its list in the page too.
    expect(Object.keys(data.answers)).toEqual(expect.arrayContaining(['/api/catalog/products/categories', '/api/catalog/products/7']));
  });

  it("sends a page rendered by the shopper's shell build, in their language, with what it was rendered with", async () => {
    const response = await fetch(`${base}/shop/7`, { headers: { cookie: 'lang=ru' } });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('<html lang="ru">');
    expect(page).toContain(
      '<div id="root" data-rendered="server"><main><h1>Oak &lt;Desk> &amp; "Chair"</h1><p>ru Oak &lt;Desk> &amp; "Chair"</p></main></div></body>',
    );
    expect(page).toContain('<link rel="stylesheet" href="/assets/bootstrap.0123456789.css">');
    const data = routeData(page);
    expect(data).toMatchObject({
      language: 'ru',
      pageName: 'Oak <Desk> & "Chair"',
      screen: 'catalog/ProductPage',
      answers: { '/api/catalog/wanted': { status: 200, body: [] } },
    });
    // The server build is the gateway's to run, not a file for the public.
    expect((await fetch(`${base}/server/render.cjs`)).status).toBe(404);
  });

  it('sends the page for the browser to render when the server render fails as a whole', async () => {
    const page = await (await fetch(`${base}/shop`)).text();
    expect(page).toContain('<div id="root"></div>');
    expect(page).not.toContain('data-rendered');
    expect(page).not.toContain('"screen"');
  });

  it('serves a product the catalogue does not have as a missing page', async () => {
    const response = await fetch(`${base}/shop/8`);
    expect(response.status).toBe(404);
    const page = await response.text();
    expect(page).toContain('<title>Page not found | Storefront</title>');
    expect(page).toContain('<meta name="robots" content="noindex">');
    expect(page).toContain('"/api/catalog/products/8":{"status":404');
  });

  it('serves the page without its data when the catalogue is slower than the budget', async () => {
    const started = performance.now();
    const response = await fetch(`${base}/shop/9`);
    expect(performance.now() - started).toBeLessThan(1_400);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('<title>Product | Storefront</title>');
    expect(page).not.toContain('/api/catalog/products/9');
    expect(page).not.toContain('rel="canonical"');
  });

  it("names every page, and keeps a shopper's own pages and empty searches out of search engines", async () => {
    const head = async (route: string) => {
      const page = await (await fetch(`${base}${route}`)).text();
      return {
        title: /<title>(.*?)<\/title>/.exec(page)?.[1],
        canonical: /rel="canonical" href="([^"]+)"/.exec(page)?.[1] ?? null,
        noindex: page.includes('content="noindex"'),
      };
    };
    expect(await head('/')).toEqual({ title: 'Storefront: furniture, electronics, clothing and more', canonical: 'https://shop.example/', noindex: false });
    expect(await head('/SHOP?category=home-decoration&sort=best-seller&page=2&view=list')).toEqual({
      title: 'Home decoration | Storefront',
      canonical: 'https://shop.example/shop?category=home-decoration&amp;page=2',
      noindex: false,
    });
    expect(await head('/about')).toEqual({ title: 'About | Storefront', canonical: 'https://shop.example/about', noindex: false });
    expect(await head('/search?q=oak&page=2&sort=x')).toEqual({
      title: 'Search results for “oak” | Storefront',
      canonical: 'https://shop.example/search?q=oak&amp;page=2',
      noindex: false,
    });
    expect(await head('/search?q=')).toEqual({ title: 'Search | Storefront', canonical: null, noindex: true });
    expect(await head('/cart-list')).toEqual({ title: 'Cart | Storefront', canonical: null, noindex: true });
    expect(await head('/no-such-page')).toEqual({ title: 'Page not found | Storefront', canonical: null, noindex: true });
  });

  it('caches hashed assets for a year and remote manifests not at all', async () => {
    const asset = await fetch(`${base}/assets/main.0123456789.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const manifest = await fetch(`${base}/remotes/cart/mf-manifest.json`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
  });

  it("serves the build's precompressed copy to a browser that takes brotli, with the asset's cache policy", async () => {
    const answer = await new Promise<http.IncomingMessage & { body: Buffer }>((resolve, reject) => {
      http
        .get(`${base}/assets/main.0123456789.js`, { headers: { 'accept-encoding': 'br' } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve(Object.assign(response, { body: Buffer.concat(chunks) })));
        })
        .on('error', reject);
    });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(answer.body).toString()).toBe('console.log(1)');
  });

  it('keeps source maps, which sit beside the builds for error reports, from the public', async () => {
    for (const url of ['/assets/main.0123456789.js.map', '/remotes/cart/cart.0123456789.js.map']) {
      const response = await fetch(`${base}${url}`);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('secret.ts');
    }
  });

  it('serves files of a shell rebuilt while it runs', async () => {
    writeFileSync(path.join(shellAssets, 'main.abcdef0123.js'), 'console.log(2)');
    const response = await fetch(`${base}/assets/main.abcdef0123.js`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('console.log(2)');
  });

  it('proxies the catalogue API without its prefix and the checkout paths unchanged', async () => {
    const products = await fetch(`${base}/api/catalog/products?limit=2`);
    expect(await products.json()).toEqual({ from: 'catalog', url: '/products?limit=2' });
    const token = await fetch(`${base}/save-stripe-token`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(await token.json()).toEqual({ from: 'checkout', url: '/save-stripe-token' });
    const orders = await fetch(`${base}/api/checkout/orders`);
    expect(await orders.json()).toEqual({ from: 'checkout', url: '/api/checkout/orders' });
    expect(checkout.seen.at(-1)).toBe('GET /api/checkout/orders from 127.0.0.1');
  });

  it("tells crawlers what they may read and where the catalogue's sitemaps are", async () => {
    const robots = await fetch(`${base}/robots.txt`);
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await robots.text();
    expect(text).toContain('Sitemap: https://shop.example/sitemap.xml');
    for (const page of ['/checkout', '/cart-list', '/my-account', '/admin', '/api/']) expect(text).toContain(`Disallow: ${page}\n`);
    expect(text).toContain('Allow: /api/catalog/images/');
    expect(text).not.toMatch(/Disallow: \/shop\b/);
    expect(await (await fetch(`${base}/sitemap.xml`)).json()).toEqual({ from: 'catalog', url: '/sitemap.xml' });
    expect(await (await fetch(`${base}/sitemaps/products-3.xml`)).json()).toEqual({ from: 'catalog', url: '/sitemaps/products-3.xml' });
  });

  it("refuses state-changing requests from another site's pages, and lets the shop's own and servers' through", async () => {
    const post = (url: string, headers: Record<string, string>) =>
      fetch(`${base}${url}`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json', ...headers } });
    const before = checkout.seen.length;
    for (const [url, headers] of [
      ['/save-stripe-token', { origin: 'http://evil.example' }],
      ['/api/checkout/orders', { origin: 'http://localhost:4173' }],
      ['/api/contact', { origin: 'null' }],
      ['/save-stripe-token', { 'sec-fetch-site': 'cross-site' }],
    ] as const) {
      const response = await post(url, headers);
      expect([url, response.status]).toEqual([url, 403]);
      expect((await response.json()).message).toMatch(/^This request came from another site/);
    }
    expect(checkout.seen.length).toBe(before);
    const own = await post('/save-stripe-token', { origin: base, 'sec-fetch-site': 'same-origin' });
    expect(await own.json()).toEqual({ from: 'checkout', url: '/save-stripe-token' });
    const server = await post('/save-stripe-token', {});
    expect(await server.json()).toEqual({ from: 'checkout', url: '/save-stripe-token' });
    // Reads stay open, and the public catalogue API's writes are judged by their bearer token upstream.
    expect((await fetch(`${base}/api/checkout/orders`, { headers: { origin: 'http://evil.example' } })).status).toBe(200);
    expect(await (await post('/api/catalog/products/add', { origin: 'http://evil.example' })).json()).toEqual({ from: 'catalog', url: '/products/add' });
  });

  it('marks catalogue API answers for any origin, forwards their preflights, and nothing else', async () => {
    const products = await fetch(`${base}/api/catalog/products?limit=1`, { headers: { origin: 'http://localhost:4173' } });
    expect(products.headers.get('access-control-allow-origin')).toBe('*');
    const preflight = await fetch(`${base}/api/catalog/products`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:4173', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-client-name' },
    });
    expect(await preflight.json()).toEqual({ from: 'catalog', url: '/products' });
    const page = await fetch(`${base}/shop`, { headers: { origin: 'http://localhost:4173' } });
    expect(page.headers.get('access-control-allow-origin')).toBeNull();
    const checkoutPreflight = await fetch(`${base}/save-stripe-token`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:4173', 'access-control-request-method': 'POST' },
    });
    expect(checkoutPreflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('never lets a browser reach the catalogue stock API', async () => {
    // Only the stock calls count: the gateway's own background requests (its change stream, say) may
    // reach the catalogue meanwhile.
    const stockCalls = () => catalog.seen.filter((line) => /^\S+ (\/api\/catalog)?\/stock\b/.test(line)).length;
    const before = stockCalls();
    for (const url of ['/api/catalog/stock/reservations', '/api/catalog/stock', '/api/catalog/stock?x=1']) {
      const response = await fetch(`${base}${url}`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
      expect([url, response.status]).toEqual([url, 404]);
    }
    expect(stockCalls()).toBe(before);
  });

  it('sends security headers on every page', async () => {
    const response = await fetch(`${base}/shop`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('stripe.com');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('stores a valid contact message and explains what is wrong with a bad one', async () => {
    const post = (body: string) => fetch(`${base}/api/contact`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    const ok = await post(JSON.stringify({ name: 'Ann', email: 'ann@example.com', message: 'Where is my order?' }));
    expect(ok.status).toBe(201);
    const bad = await post(JSON.stringify({ name: 'Ann', email: 'not-an-email', message: 'Hi' }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'email is not a valid address' });
    const broken = await post('{"name":');
    expect(broken.status).toBe(400);
    const huge = await post(JSON.stringify({ name: 'Ann', email: 'ann@example.com', message: 'x'.repeat(20_000) }));
    expect(huge.status).toBe(413);
  });

  it('answers probes: alive, and ready with every upstream reported by name', async () => {
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      upstreams: { catalog: { status: 'ready' }, checkout: { status: 'ready' }, auth: { status: 'ready' }, database: { status: 'ready' } },
    });
  });

  it('with the catalogue down, says so in words (503), reports it, and keeps serving pages', async () => {
    const closed = await freePort();
    const alone = await startGateway({
      PORT: String(await freePort()),
      CATALOG_URL: `http://127.0.0.1:${closed}`,
      CHECKOUT_URL: checkout.url,
      SHELL_DIST: shellDist,
      CONTACT_DB: ':memory:',
    });
    try {
      const products = await fetch(`${alone.url}/api/catalog/products?limit=1`, { headers: { origin: 'http://localhost:4173' } });
      expect(products.status).toBe(503);
      // An app on another origin can read why.
      expect(products.headers.get('access-control-allow-origin')).toBe('*');
      expect(products.headers.get('retry-after')).toBe('2');
      expect(await products.json()).toEqual({ message: 'The catalogue is not answering right now; please try again in a moment' });
      const ready = await fetch(`${alone.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({
        status: 'degraded',
        upstreams: { catalog: { status: 'unavailable', reason: 'not reachable' }, checkout: { status: 'ready' } },
      });
      expect((await fetch(`${alone.url}/cart-list`)).status).toBe(200);
    } finally {
      await alone.stop();
    }
  });

  it('in containers, reports the local Firebase as the gateway reaches it, not at the address the browser uses', async () => {
    const browserOnly = await freePort();
    const inContainer = await startGateway({
      PORT: String(await freePort()),
      CATALOG_URL: catalog.url,
      CHECKOUT_URL: checkout.url,
      SHELL_DIST: shellDist,
      CONTACT_DB: ':memory:',
      FIREBASE_AUTH_EMULATOR_URL: `http://127.0.0.1:${browserOnly}`,
      FIREBASE_DATABASE_EMULATOR_HOST: `127.0.0.1:${browserOnly}`,
      FIREBASE_AUTH_EMULATOR_INTERNAL_URL: firebase.url,
      FIREBASE_DATABASE_EMULATOR_INTERNAL_HOST: new URL(firebase.url).host,
    });
    try {
      expect(await (await fetch(`${inContainer.url}/readyz`)).json()).toMatchObject({
        status: 'ready',
        upstreams: { auth: { status: 'ready' }, database: { status: 'ready' } },
      });
      const config = (await (await fetch(`${inContainer.url}/app-config.json`)).json()) as { firebase: { authEmulatorUrl: string } };
      expect(config.firebase.authEmulatorUrl).toBe(`http://127.0.0.1:${browserOnly}`);
    } finally {
      await inContainer.stop();
    }
  });

  it('refuses to start on a bad configuration value, saying which', async () => {
    await expect(startGateway({ PORT: 'eighty' })).rejects.toThrow(/Invalid gateway configuration: PORT/);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await fetch(`${base}/api/nothing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not found: GET /api/nothing' });
  });
});
