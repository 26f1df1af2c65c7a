import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadGatewayConfig } from './config.ts';
import { serverEntries } from './serverRender.ts';

const repoRoot = path.resolve(__dirname, '..', '..');

function build(dir: string, files: Record<string, string>): string {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe('server rendering, the gateway side', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'server-render-'));
  const catalogDist = build(path.join(root, 'catalog'), { 'mf-manifest.json': '{}', 'server/remoteEntry.js': '' });
  const cartDist = build(path.join(root, 'cart'), { 'mf-manifest.json': '{}' });
  const releasesDir = path.join(root, 'releases');
  build(path.join(releasesDir, 'catalog', '1.2.0-0123456789'), { 'mf-manifest.json': '{}', 'server/remoteEntry.js': '' });
  const config = loadGatewayConfig({ PORT: '4321', CATALOG_DIST: catalogDist, CART_DIST: cartDist, RELEASES_DIR: releasesDir }, repoRoot);
  const manifests = {
    catalog: '/remotes/catalog/mf-manifest.json',
    cart: '/remotes/cart/mf-manifest.json',
    account: 'https://account.example/mf-manifest.json',
    checkout: '/remotes/checkout/mf-manifest.json',
    admin: '/remotes/admin/mf-manifest.json',
  };

  it("renders with each remote's server build beside the browser build the shopper gets, when it has one", () => {
    utimesSync(path.join(catalogDist, 'server/remoteEntry.js'), 1_000, 1_000);
    const entries = serverEntries(config, { ...manifests, checkout: manifests.cart }, 'shell-a');
    expect(entries.catalog).toBe('http://127.0.0.1:4321/remotes/catalog/server/remoteEntry.js?build=1000000&shell=shell-a');
    // No server build: the browser renders the cart's screens.
    expect(entries.cart).toBeUndefined();
    // Another host's remote: its server build is looked for there.
    expect(entries.account).toBe('https://account.example/server/remoteEntry.js?shell=shell-a');
  });

  it("uses the registry's release when one is live, and a rebuilt remote as a new entry", () => {
    const released = serverEntries(config, { ...manifests, catalog: '/releases/catalog/1.2.0-0123456789/mf-manifest.json' }, 'shell-a');
    expect(released.catalog).toBe('http://127.0.0.1:4321/releases/catalog/1.2.0-0123456789/server/remoteEntry.js?shell=shell-a');
    utimesSync(path.join(catalogDist, 'server/remoteEntry.js'), 2_000, 2_000);
    expect(serverEntries(config, manifests, 'shell-a').catalog).toContain('build=2000000');
  });

  it("loads a shell build's render once, again when it is rebuilt, and nothing for a build without one", () => {
    // In Node itself (jest has a module registry of its own), as the gateway runs it.
    const shell = build(path.join(root, 'shell'), { 'server/render.cjs': 'exports.renderPage = async () => "first";' });
    const script = `
      import { writeFileSync, utimesSync } from 'node:fs';
      import { shellRenderer } from ${JSON.stringify(path.join(__dirname, 'serverRender.ts'))};
      const shell = ${JSON.stringify(shell)};
      const seen = [shellRenderer(shell + '/nowhere') === undefined];
      const first = shellRenderer(shell);
      seen.push(shellRenderer(shell) === first, await first());
      writeFileSync(shell + '/server/render.cjs', 'exports.renderPage = async () => "second";');
      utimesSync(shell + '/server/render.cjs', 5000, 5000);
      seen.push(await shellRenderer(shell)());
      console.log(JSON.stringify(seen));
    `;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual([true, true, 'first', 'second']);
  });
});
