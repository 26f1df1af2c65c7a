import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import webpack from 'webpack';
import { SHARED_IMPORTS_FILE } from '../../shell/releases/sharedImportsFile.ts';
import { SharedImportsPlugin } from './sharedImports.ts';

// A remote built for real by webpack with Module Federation: what lands in shared-imports.json is
// what its exposed code would ask of the shell's singletons in a shopper's browser.

let project: string;
beforeAll(() => {
  project = mkdtempSync(path.join(tmpdir(), 'shared-imports-'));
  const files: Record<string, string> = {
    'tsconfig.json': '{"include": ["src"]}',
    'src/Page.ts': [
      "import { useState } from 'react';",
      "import * as events from 'shared-events';",
      "import type { CartItem } from 'shared-events';",
      "import { type Language, toast } from 'shared-events';",
      "import { useWishlistIds, WishlistLink } from './hooks.ts';",
      'export default function Page(items: CartItem[], language: Language) {',
      '  const [open] = useState(false);',
      '  events.cart.replace(items);',
      '  toast.show(language);',
      '  return open && [useWishlistIds(), WishlistLink];',
      '}',
    ].join('\n'),
    // Bundled with the remote (as shared-events/react is): its imports of the singletons count too.
    'src/hooks.ts': [
      "import { compare, wishlist } from 'shared-events';",
      "export { Link as WishlistLink } from 'react-router-dom';",
      'export const useWishlistIds = () => wishlist.ids;',
      // Bundled but never called by the exposed code: webpack drops it, and the shell is not asked for `compare`.
      'export const useCompareIds = () => compare.ids;',
    ].join('\n'),
    // The standalone harness is not exposed: what only it imports is never asked of the shell.
    'src/standalone.ts': "import { createRoot } from 'react-dom/client';\nimport { bus } from 'shared-events';\ncreateRoot(bus as never);\n",
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(project, name)), { recursive: true });
    writeFileSync(path.join(project, name), content);
  }
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

async function build(): Promise<Record<string, string[]>> {
  const output = path.join(project, 'dist');
  const shared = Object.fromEntries(
    ['react', 'react-dom/client', 'react-router-dom', 'shared-events'].map((name) => [name, { singleton: true, import: false as const, requiredVersion: '*' }]),
  );
  const compiler = webpack({
    mode: 'production',
    context: project,
    entry: { standalone: './src/standalone.ts' },
    output: { path: output, publicPath: 'auto', uniqueName: 'fixture' },
    // The fixture lives outside the repository: loaders come from the repository's node_modules.
    resolve: { extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } },
    resolveLoader: { modules: [path.join(__dirname, '../../node_modules')] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          loader: 'ts-loader',
          options: {
            transpileOnly: true,
            compilerOptions: {
              noEmit: false,
              allowImportingTsExtensions: false,
              rewriteRelativeImportExtensions: true,
              module: 'esnext',
              isolatedModules: true,
            },
          },
        },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({ name: 'fixture', filename: 'remoteEntry.js', dts: false, exposes: { './Page': './src/Page.ts' }, shared }),
      new SharedImportsPlugin(),
    ],
  });
  await new Promise<void>((resolve, reject) =>
    compiler.run((error, stats) => (error || stats?.hasErrors() ? reject(error ?? new Error(stats!.toString())) : compiler.close(() => resolve()))),
  );
  return JSON.parse(readFileSync(path.join(output, SHARED_IMPORTS_FILE), 'utf8')) as Record<string, string[]>;
}

describe('shared-imports.json of a remote build', () => {
  it('names every export of a singleton the exposed code uses: named, namespace members, re-exports, from bundled modules too; not types, not unused code, not the harness', async () => {
    expect(await build()).toEqual({
      react: ['useState'],
      'react-router-dom': ['Link'],
      'shared-events': ['cart', 'toast', 'wishlist'],
    });
  }, 60_000);
});
