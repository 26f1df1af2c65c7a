// The one webpack configuration of the four remotes: each remote's webpack.config.ts names itself,
// its standalone port and what it exposes; everything else (federation, shared singletons and their
// ranges, hashing, CSS Modules, the standalone harness) is the same for every team by construction.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import type { Chunk, ChunkGroup, Configuration } from 'webpack';
import type { Configuration as DevServer } from 'webpack-dev-server';
import { KeepRecentHashedFiles } from './keepRecentHashedFiles.ts';
import { SharedImportsPlugin } from './sharedImports.ts';
import { webpackCache } from './webpackCache.ts';

const require = createRequire(import.meta.url);
const configFile = fileURLToPath(import.meta.url);

export interface RemoteBuild {
  /** The federation name, e.g. 'cart' (package mf-cart). */
  name: string;
  /** The remote's package folder. */
  dir: string;
  /** Port of its standalone harness (npm start -w mf-<name>). */
  standalonePort: number;
  /** Exposed module name -> source file, e.g. { './CartPage': './src/cart-page/CartPage.tsx' }. */
  exposes: Record<string, string>;
  /**
   * The exposed screens the gateway renders on the server: they get a second build for Node
   * (dist/server/remoteEntry.js), loaded by the shell's server render through Module Federation.
   */
  serverExposes?: readonly string[];
}

/** Class names of CSS Modules: the browser's build and the server's must name every class alike. */
const localIdentName = (name: string, production: boolean) => (production ? `${name}-[hash:base64:6]` : `${name}-[local]-[hash:base64:4]`);

const typescriptRule = {
  test: /\.tsx?$/,
  // The teams' modules (and shared-events' React bindings, bundled with each remote) do nothing when
  // imported but define what they export: a module whose exports a chunk does not use stays out of
  // it, and a re-export (a barrel such as shared-events/react) leads straight to the module that
  // defines the value. Without this a login form carried the sign-up form's validation because the
  // translations import its messages through it. No remote module is imported for its effects alone.
  sideEffects: false,
  loader: 'ts-loader',
  options: { transpileOnly: true, compilerOptions: { noEmit: false, allowImportingTsExtensions: false, rewriteRelativeImportExtensions: true } },
};

/**
 * The remote's server build: the screens in `serverExposes`, for Node (target async-node), as a
 * federated container the shell's server render loads over HTTP with @module-federation/node's
 * runtime plugin, next to the browser build (dist/server/, served at <remote>/server/). Styles are
 * class names only (the browser build carries the CSS); React and the other singletons come from
 * the host, as in the browser.
 */
function serverConfig({ name, dir, exposes, serverExposes = [] }: RemoteBuild, production: boolean, output: string): Configuration {
  const hash = production ? '.[contenthash:10]' : '';
  return {
    name: `${name}-server`,
    mode: production ? 'production' : 'development',
    target: 'async-node',
    entry: {},
    context: dir,
    devtool: false,
    output: {
      path: path.join(output, 'server'),
      // Unresolvable on purpose: the runtime plugin then finds chunks beside the remote entry it loaded.
      publicPath: '',
      uniqueName: `mf_${name}_server`,
      filename: '[name].js',
      chunkFilename: `[name]${hash}.js`,
      library: { type: 'commonjs-module' },
      clean: true,
    },
    cache: webpackCache(path.join(dir, `../.cache/webpack/${name}-server`), configFile, path.join(dir, 'webpack.config.ts')),
    resolve: { extensions: ['.tsx', '.ts', '.js'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } },
    module: {
      rules: [
        typescriptRule,
        {
          test: /\.css$/,
          use: [
            {
              loader: 'css-loader',
              options: { modules: { auto: () => true, namedExport: false, exportOnlyLocals: true, localIdentName: localIdentName(name, production) } },
            },
          ],
        },
      ],
    },
    plugins: [
      new KeepRecentHashedFiles(),
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        dts: false,
        library: { type: 'commonjs-module', name },
        remoteType: 'script',
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
        exposes: Object.fromEntries(serverExposes.map((exposed) => [exposed, exposes[exposed]!])),
        shared: sharedSingletons(production),
      }),
    ],
    performance: { hints: false },
  };
}

/** The singletons every remote shares with the shell, and the ranges the shell's compatibility gate checks. */
export function sharedSingletons(production: boolean) {
  return {
    react: { singleton: true, requiredVersion: '^19.0.0' },
    'react/': { singleton: true, requiredVersion: '^19.0.0' },
    'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
    'react-dom/': { singleton: true, requiredVersion: '^19.0.0' },
    // In production the shell provides the router (docs/decisions/0011); the harness bundles its own.
    'react-router-dom': { singleton: true, requiredVersion: '^7.0.0', ...(production ? { import: false as const } : {}) },
    // An addition to shared-events is a minor version, so always inside this range. A later major
    // is outside it, and the build still runs in that shell: the federation runtime uses the
    // shell's copy of a non-strict singleton and only warns, and the promotion gate has checked
    // that the copy still has every export this build imports (decision 0048).
    'shared-events': { singleton: true, strictVersion: false, requiredVersion: '^1.0.0' },
  };
}

/**
 * `--env output=<dir>` builds into another folder than dist/ (a release's staging folder), the
 * server build into its server/ as always.
 */
export function remoteConfig(build: RemoteBuild) {
  return (env: { output?: string } | undefined, argv: { mode?: string }): Configuration | Configuration[] => {
    const production = argv.mode !== 'development';
    const output = env?.output ?? path.join(build.dir, 'dist');
    const browser = browserConfig(build, production, output);
    // The dev server (npm start -w mf-<name>) serves the browser build alone.
    return build.serverExposes?.length && !process.env.WEBPACK_SERVE ? [browser, serverConfig(build, production, output)] : browser;
  };
}

/** The team's harness entry (npm start -w mf-<name>), built beside what the remote exposes. */
const HARNESS_ENTRY = 'standalone';

/** Whether every way to `group` starts at the harness entry (a group without parents is the container's). */
function onlyUnderHarness(group: ChunkGroup, seen = new Set<ChunkGroup>()): boolean {
  if (group.name === HARNESS_ENTRY) return true;
  if (seen.has(group)) return true; // a cycle adds no other way in
  seen.add(group);
  const parents = group.getParents();
  return parents.length > 0 && parents.every((parent) => onlyUnderHarness(parent, seen));
}

/**
 * The chunks whose shared modules webpack splits into chunks of their own: the ones the shop loads
 * (the exposed modules' and what they load on demand), not the harness's. The harness imports every
 * screen, so counted with them it made each screen's modules "shared" and split them off into a
 * second request that compresses worse (0.7-1.0 KiB gzip more on the checkout, the cart and the
 * sign-up page).
 */
const splitsForTheShop = (chunk: Chunk) => !chunk.canBeInitial() && ![...chunk.groupsIterable].every((group) => onlyUnderHarness(group));

/**
 * Code that three or more of those chunks share gets a chunk of its own (the account session under
 * every account screen and the header's menu, the catalogue's listing code); what only two share is
 * copied into both, since a page seldom loads both and a third request costs more than the copy
 * (/login 0.6 KiB, /shop 0.7 KiB gzip less).
 */
const splitChunks = { chunks: splitsForTheShop, cacheGroups: { default: { minChunks: 3, priority: -20, reuseExistingChunk: true } } };

function browserConfig({ name, dir, standalonePort, exposes }: RemoteBuild, production: boolean, output: string): Configuration & { devServer: DevServer } {
  const hash = production ? '.[contenthash:10]' : '';
  return {
    name,
    mode: production ? 'production' : 'development',
    // The harness entry lets the team run its screens alone (npm start -w mf-<name>).
    entry: { [HARNESS_ENTRY]: './src/standalone/index.ts' },
    context: dir,
    // Maps stay beside the build for error reports; the bundles do not point browsers at them.
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    output: {
      path: output,
      publicPath: 'auto',
      uniqueName: `mf_${name}`,
      filename: `[name]${hash}.js`,
      chunkFilename: `[name]${hash}.js`,
      assetModuleFilename: `assets/[name]${hash}[ext]`,
      // dist/server is the server build's (built alongside, cleaned by it).
      clean: { keep: (asset: string) => asset.startsWith('server/') },
    },
    cache: webpackCache(path.join(dir, `../.cache/webpack/${name}`), configFile, path.join(dir, 'webpack.config.ts')),
    resolve: { extensions: ['.tsx', '.ts', '.js'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } },
    module: {
      rules: [
        typescriptRule,
        // CSS Modules only: a remote's styles are scoped and never restyle the host.
        {
          test: /\.css$/,
          use: [
            MiniCssExtractPlugin.loader,
            { loader: 'css-loader', options: { modules: { auto: () => true, namedExport: false, localIdentName: localIdentName(name, production) } } },
          ],
        },
        { test: /\.(svg|png|webp)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      // Hashed files of the last day survive a rebuild: pages opened before it still load them.
      new KeepRecentHashedFiles(),
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        manifest: true,
        dts: false,
        // In production the remote uses the federation runtime the shell provides instead of
        // shipping its own copy (about 20 KB gzip per remote); the dev harness keeps its own.
        // `target: 'web'` leaves the runtime's Node-only helpers out of the browser build, and
        // `disableRemote` the loader of a build's own static remotes, which no remote has (one team's
        // module reaches another's through the host's runtime, loadRemote): 0.7 KB gzip less in every
        // remoteEntry.js, which is part of every remote route's first load. Production only: the dev
        // harness is its own host and registers the storefront's remotes (the cart's coupon check
        // loads the checkout's client), which a runtime built with disableRemote refuses.
        experiments: {
          ...(production ? { externalRuntime: true } : {}),
          optimization: { target: 'web', disableRemote: production },
        },
        exposes,
        shared: sharedSingletons(production),
      }),
      // What the exposed code imports from each singleton, for the release gate (shell/releases/).
      new SharedImportsPlugin(),
      new HtmlWebpackPlugin({ template: './src/standalone/index.html', chunks: ['standalone'], filename: 'index.html' }),
      new MiniCssExtractPlugin({ filename: `[name]${hash}.css`, chunkFilename: `[name]${hash}.css` }),
    ],
    devServer: {
      port: standalonePort,
      host: '127.0.0.1',
      historyApiFallback: true,
      // The running storefront whose services (and other remotes, /remotes/) the harness uses (npm start's by default).
      proxy: [
        {
          context: ['/api', '/save-stripe-token', '/local-stripe', '/remotes.json', '/remotes/', '/releases/', '/app-config.json', '/design'],
          target: process.env.STOREFRONT_URL ?? 'http://127.0.0.1:3000',
        },
      ],
    },
    optimization: { splitChunks },
    performance: { hints: false },
  };
}
