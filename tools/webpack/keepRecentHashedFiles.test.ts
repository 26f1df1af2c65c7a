import { existsSync, mkdtempSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import { isRecentHashedFile, KeepRecentHashedFiles } from './keepRecentHashedFiles.ts';

describe('which files a rebuild in place keeps', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'keep-'));
  mkdirSync(path.join(dir, 'assets'));
  const now = Date.now();
  for (const file of ['981.0123456789.js', '981.0123456789.js.br', 'assets/main.abcdef0123.css', 'remoteEntry.js', 'mf-manifest.json', 'old.9999999999.js'])
    writeFileSync(path.join(dir, file), '');
  utimesSync(path.join(dir, 'old.9999999999.js'), new Date(now - 25 * 3_600_000), new Date(now - 25 * 3_600_000));
  const keep = (asset: string) => isRecentHashedFile(dir, asset, 24 * 3_600_000, now);

  it('keeps hashed chunks, styles and their compressed copies from the last day: open pages still load them', () => {
    expect(keep('981.0123456789.js')).toBe(true);
    expect(keep('981.0123456789.js.br')).toBe(true);
    expect(keep('assets/main.abcdef0123.css')).toBe(true);
  });

  it('cleans older hashed files, unhashed files (rewritten by every build) and files that are gone', () => {
    expect(keep('old.9999999999.js')).toBe(false);
    expect(keep('remoteEntry.js')).toBe(false);
    expect(keep('mf-manifest.json')).toBe(false);
    expect(keep('assets')).toBe(false);
    expect(keep('gone.0123456789.js')).toBe(false);
  });
});

describe('a real webpack rebuild with a changed chunk', () => {
  // What broke open pages: a rebuild deleted the chunk the page's already-loaded entry still names.
  async function build(project: string, output: string, keepRecent: boolean): Promise<void> {
    const compiler = webpack({
      mode: 'production',
      context: project,
      entry: { main: './index.js' },
      output: { path: output, filename: '[name].js', chunkFilename: '[name].[contenthash:10].js', clean: true },
      plugins: keepRecent ? [new KeepRecentHashedFiles()] : [],
    });
    await new Promise<void>((resolve, reject) =>
      compiler.run((error, stats) => (error || stats?.hasErrors() ? reject(error ?? new Error(stats!.toString())) : compiler.close(() => resolve()))),
    );
  }

  function project(version: string): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'keep-project-'));
    writeFileSync(path.join(dir, 'index.js'), "import(/* webpackChunkName: 'page' */ './page.js').then((m) => m.default());");
    writeFileSync(path.join(dir, 'page.js'), `export default () => ${JSON.stringify(version)};`);
    return dir;
  }

  const chunks = (output: string) => readdirSync(output).filter((name) => name.startsWith('page.'));

  it.each([
    [true, 2],
    [false, 1],
  ])(
    'with the plugin (%s) the earlier chunk survives: %i chunk(s) after the rebuild',
    async (keepRecent, expected) => {
      const output = mkdtempSync(path.join(tmpdir(), 'keep-output-'));
      await build(project('first'), output, keepRecent);
      const [first] = chunks(output);
      await build(project('second'), output, keepRecent);
      expect(chunks(output)).toHaveLength(expected);
      expect(existsSync(path.join(output, first!))).toBe(keepRecent);
    },
    60_000,
  );
});
