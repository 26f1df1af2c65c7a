import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkPromotion } from './promotion.ts';
import { emptyRegistry } from './registry.ts';

// Promoting a release hosted on another origin: the gate reads its manifest and notes from there.

const shared = [
  { name: 'react', requiredVersion: '^19.0.0' },
  { name: 'react-router-dom', requiredVersion: '^7.0.0' },
];

let root: string;
let server: http.Server;
let origin: string;
const files = new Map<string, string>();

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'promotion-'));
  mkdirSync(path.join(root, 'shell'));
  writeFileSync(
    path.join(root, 'shell', 'shell-contract.json'),
    JSON.stringify({ shared: { react: '19.2.1', 'react-router-dom': '7.9.0' }, routerExports: ['Link'] }),
  );
  server = http.createServer((request, response) => {
    const body = files.get(request.url ?? '');
    if (body === undefined) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

const settings = () => ({ releasesDir: path.join(root, 'releases'), shellDist: path.join(root, 'shell') });

describe('promoting a release from another origin', () => {
  it('records its manifest URL when the shell can run it', async () => {
    files.set('/a/mf-manifest.json', JSON.stringify({ name: 'cart', shared }));
    files.set('/a/release.json', JSON.stringify({ routerImports: ['Link'] }));
    await expect(checkPromotion(settings(), emptyRegistry(), 'cart', '0.2.0-aaaaaaaaaa', `${origin}/a/mf-manifest.json`)).resolves.toEqual({
      id: '0.2.0-aaaaaaaaaa',
      manifest: `${origin}/a/mf-manifest.json`,
    });
  });

  it('checks its imports from the release.json beside the manifest', async () => {
    files.set('/b/mf-manifest.json', JSON.stringify({ name: 'cart', shared }));
    files.set('/b/release.json', JSON.stringify({ imports: { 'react-router-dom': ['Link', 'useBlocker'] } }));
    await expect(checkPromotion(settings(), emptyRegistry(), 'cart', '0.3.0-bbbbbbbbbb', `${origin}/b/mf-manifest.json`)).rejects.toThrow(
      /imports useBlocker from react-router-dom/,
    );
  });

  it('refuses one uploaded without its release.json, a build of another remote, and a URL that is not a manifest', async () => {
    files.set('/c/mf-manifest.json', JSON.stringify({ name: 'cart', shared }));
    await expect(checkPromotion(settings(), emptyRegistry(), 'cart', '0.4.0-cccccccccc', `${origin}/c/mf-manifest.json`)).rejects.toThrow(
      `${origin}/c/release.json is missing: upload the whole release directory`,
    );
    files.set('/d/mf-manifest.json', JSON.stringify({ name: 'checkout', shared }));
    files.set('/d/release.json', '{}');
    await expect(checkPromotion(settings(), emptyRegistry(), 'cart', '0.5.0-dddddddddd', `${origin}/d/mf-manifest.json`)).rejects.toThrow(
      'is a build of checkout, not cart',
    );
    await expect(checkPromotion(settings(), emptyRegistry(), 'cart', '0.6.0-eeeeeeeeee', `${origin}/d/remoteEntry.js`)).rejects.toThrow(
      '--url must be an http(s) URL ending in /mf-manifest.json',
    );
    await expect(checkPromotion(settings(), emptyRegistry(), 'cart', '0.6.0-eeeeeeeeee', `${origin}/nowhere/mf-manifest.json`)).rejects.toThrow('answered 404');
  });
});
