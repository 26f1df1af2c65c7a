import { readFileSync } from 'node:fs';
import path from 'node:path';
import { remoteNames } from '../../shell/remotes.ts';
import { frontEndApps } from '../stack/apps.ts';
import { placesMissing, remotePlaces, type ReadFile } from './remotePlaces.ts';

const repoRoot = path.resolve(__dirname, '../..');

const readRepo: ReadFile = (file) => {
  try {
    return readFileSync(path.join(repoRoot, file), 'utf8');
  } catch {
    return '';
  }
};

/** The repository with one file's text changed. */
const withEdit =
  (file: string, edit: (text: string) => string): ReadFile =>
  (name) =>
    name === file ? edit(readRepo(name)) : readRepo(name);

describe('every place a remote must be known', () => {
  it.each(remoteNames)('knows %s', (name) => {
    expect(placesMissing(name, readRepo)).toEqual([]);
  });

  it('builds and starts every remote of the one list (tools/stack/apps.ts)', () => {
    expect(frontEndApps).toEqual(['shell', ...remoteNames.map((name) => `mf-${name}`)]);
  });

  it('names the place a remote is missing from', () => {
    const typeCheckWithoutCart = withEdit('.ci/test.sh', (text) => text.replace(' mf-cart ', ' '));
    expect(placesMissing('cart', typeCheckWithoutCart)).toEqual(['.ci/test.sh: the type-check loop']);
    const imagesWithoutAccount = withEdit('deploy/Containerfile', (text) => text.replace('COPY --from=frontends /app/mf-account/dist /account\n', ''));
    expect(placesMissing('account', imagesWithoutAccount)).toEqual(['deploy/Containerfile: the remote-bundles image (for a CDN)']);
    const englishWithoutCheckout = withEdit('shell/src/i18n/messages.en.ts', (text) => text.replace(/'slot\.part\.checkout': 'checkout',\n/, ''));
    expect(placesMissing('checkout', englishWithoutCheckout)).toEqual([
      "shell/src/i18n/messages.en.ts: the name of the remote's part in a fallback (slot.part.checkout)",
    ]);
    expect(placesMissing('reviews', readRepo)).toHaveLength(remotePlaces.length);
    expect(placesMissing('reviews', readRepo)).toContain(
      'mf-reviews/package.json: the workspace: its package named mf-reviews, its release and deploy scripts naming reviews',
    );
  });

  it('are the places the guide "Add a remote" in docs/architecture.md walks through', () => {
    const guide = /^### Add a remote\n([\s\S]*?)(?=^#|(?![\s\S]))/m.exec(readRepo('docs/architecture.md'))?.[1] ?? '';
    const unnamed = [...new Set(['shell/remotes.ts', ...remotePlaces.map((place) => place.file)])].filter((file) => !guide.includes(`\`${file}\``));
    expect(unnamed).toEqual([]);
  });
});
