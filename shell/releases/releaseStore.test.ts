import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRelease, listReleases, pruneReleases, readRelease } from './releaseStore.ts';

let root: string;
beforeEach(() => (root = mkdtempSync(path.join(tmpdir(), 'releases-'))));
afterEach(() => rmSync(root, { recursive: true, force: true }));

function build(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'build-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

const manifest = '{"name":"cart"}';

describe('releases on disk', () => {
  it('names a release by version and content: the same build twice is one release, a changed file a new one', () => {
    const first = createRelease(root, 'cart', build({ 'mf-manifest.json': manifest, 'remoteEntry.js': 'a', 'chunks/1.abc.js': 'x' }), '1.0.0', {}, new Date(1));
    const again = createRelease(root, 'cart', build({ 'mf-manifest.json': manifest, 'remoteEntry.js': 'a', 'chunks/1.abc.js': 'x' }), '1.0.0', {}, new Date(2));
    const changed = createRelease(
      root,
      'cart',
      build({ 'mf-manifest.json': manifest, 'remoteEntry.js': 'a', 'chunks/1.abc.js': 'y' }),
      '1.0.0',
      {},
      new Date(3),
    );
    expect(first.id).toMatch(/^1\.0\.0-[0-9a-f]{10}$/);
    expect(again).toEqual(first);
    expect(changed.id).not.toBe(first.id);
    expect(listReleases(root, 'cart').map((release) => release.id)).toEqual([first.id, changed.id]);
    expect(readdirSync(path.join(root, 'cart', first.id)).sort()).toEqual(['chunks', 'mf-manifest.json', 'release.json', 'remoteEntry.js']);
  });

  it('refuses a directory that is not a remote build', () => {
    expect(() => createRelease(root, 'cart', build({ 'index.html': '' }), '1.0.0')).toThrow(/has no mf-manifest\.json/);
  });

  it('prunes beyond the newest N, sparing every release still in use, and never the newest', () => {
    const ids = [1, 2, 3, 4, 5].map(
      (n) => createRelease(root, 'cart', build({ 'mf-manifest.json': manifest, 'remoteEntry.js': String(n) }), `1.0.${n}`, {}, new Date(n * 1000)).id,
    );
    const removed = pruneReleases(root, 'cart', 2, new Set([ids[0]!]));
    expect(removed).toEqual([ids[1], ids[2]]);
    expect(listReleases(root, 'cart').map((release) => release.id)).toEqual([ids[0], ids[3], ids[4]]);
    expect(readRelease(root, 'cart', ids[1]!)).toBeUndefined();
  });

  it('records the exports a release imports from each shared module', () => {
    const imports = { 'react-router-dom': ['Link', 'useNavigate'], 'shared-events': ['cart', 'wishlist'] };
    const info = createRelease(root, 'cart', build({ 'mf-manifest.json': manifest }), '2.0.0', { imports });
    expect(readRelease(root, 'cart', info.id)?.imports).toEqual(imports);
  });

  it('still reads a release made before imports were recorded (router imports only)', () => {
    const info = createRelease(root, 'cart', build({ 'mf-manifest.json': manifest }), '2.0.1', { routerImports: ['Link'] });
    const read = readRelease(root, 'cart', info.id);
    expect(read?.routerImports).toEqual(['Link']);
    expect(read?.imports).toBeUndefined();
  });
});
