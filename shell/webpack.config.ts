import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import webpack, { type Configuration } from 'webpack';
import { KeepRecentHashedFiles } from '../tools/webpack/keepRecentHashedFiles.ts';
import { webpackCache } from '../tools/webpack/webpackCache.ts';
import { shellContract } from './releases/shellContract.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const routerVersion = (require('react-router-dom/package.json') as { version: string }).version;

/**
 * What this shell provides to remotes, as shell-contract.json beside the build: the versions of its
 * shared singletons and the exports of each module it shares. Promoting a remote release checks the
 * release against the live shell's contract (shell/releases/compatibility.ts).
 */
class ShellContractPlugin {
  apply(compiler: webpack.Compiler): void {
    const contract = shellContract(here);
    compiler.hooks.thisCompilation.tap('ShellContractPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ShellContractPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('shell-contract.json', new webpack.sources.RawSource(`${JSON.stringify(contract, null, 2)}\n`));
      });
    });
  }
}

/** The singletons the shell provides, in the browser and on the server alike. */
const shared = {
  react: { singleton: true, requiredVersion: '^19.0.0' },
  'react/': { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom/': { singleton: true, requiredVersion: '^19.0.0' },
  // The shell provides a curated subset of the router (src/router/react-router-dom.ts).
  'react-router-dom': {
    singleton: true,
    requiredVersion: '^7.0.0',
    import: path.join(here, 'src/router/react-router-dom.ts'),
    version: routerVersion,
  },
  // Remotes built for an older major (^0.2.1 before 1.0) get this copy too, with a warning from the
  // runtime: the promotion gate judges them by what they import from it (decision 0048).
  'shared-events': { singleton: true, strictVersion: false, requiredVersion: '^1.0.0' },
};

/**
 * The plugin that hands the runtime to remotes is injected by its CommonJS path, which pulled in a
 * CommonJS copy of the whole federation runtime beside the ES module copy the bundler runtime uses
 * (28 KB gzip of the shell's first script twice over, two runtime instances). Its ES module build
 * imports the same runtime as everything else.
 */
const externalRuntimePlugin = require.resolve('@module-federation/inject-external-runtime-core-plugin');
const oneFederationRuntime = { [`${externalRuntimePlugin}$`]: externalRuntimePlugin.replace(/\.cjs$/, '.js') };

/**
 * rxjs's ES2015 build (its `es2015` export condition) for the browser: the default ES5 build writes
 * every class through tslib's helpers, which came with it into every page's first load. Browsers the
 * shop supports run ES2015 classes natively.
 */
const rxjsES2015 = { rxjs$: path.join(path.dirname(require.resolve('rxjs/package.json')), 'dist/esm/index.js') };

/** The shell as a federation host, in the browser and on the server alike. */
const federation = { name: 'shell', remotes: {}, dts: false, shareStrategy: 'loaded-first' as const, shared };

const typescriptRule = {
  test: /\.tsx?$/,
  loader: 'ts-loader',
  options: { transpileOnly: true, compilerOptions: { noEmit: false, allowImportingTsExtensions: false, rewriteRelativeImportExtensions: true } },
};
/** CSS Modules class names: the server build must name every class as the browser build does. */
const cssModules = (production: boolean) => ({
  auto: true,
  namedExport: false,
  localIdentName: production ? 'sh-[hash:base64:6]' : 'sh-[local]-[hash:base64:4]',
});

/**
 * The shell's server build (dist/server/render.cjs): the same App, for Node, as a federation host
 * that loads the remotes' server builds (their dist/server/remoteEntry.js) with
 * @module-federation/node's runtime plugin. The gateway loads it per shell build and calls
 * renderPage (src/server-render). Styles are class names only; the browser build carries the CSS.
 */
function serverConfig(production: boolean, output: string): Configuration {
  return {
    name: 'shell-server',
    mode: production ? 'production' : 'development',
    target: 'async-node',
    entry: { render: './src/server-render/index.ts' },
    context: here,
    devtool: false,
    output: {
      path: path.join(output, 'server'),
      publicPath: '',
      uniqueName: 'shell_server',
      // CommonJS in a "type": "module" package: the gateway require()s it by this name.
      filename: '[name].cjs',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      library: { type: 'commonjs-module' },
      clean: true,
    },
    cache: webpackCache(path.join(here, '../.cache/webpack/shell-server'), fileURLToPath(import.meta.url)),
    resolve: { extensions: ['.tsx', '.ts', '.js'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } },
    module: {
      rules: [typescriptRule, { test: /\.css$/, use: [{ loader: 'css-loader', options: { modules: { ...cssModules(production), exportOnlyLocals: true } } }] }],
    },
    plugins: [
      new KeepRecentHashedFiles(),
      new ModuleFederationPlugin({
        ...federation,
        library: { type: 'commonjs-module', name: 'shell' },
        remoteType: 'script',
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
      }),
    ],
    performance: { hints: false },
  };
}

/**
 * page-styles.json beside the build: the stylesheets of the shell's own components (the chunk the
 * entry loads with import('./bootstrap')) and of its own pages (their chunks, src/app/shellPages.tsx).
 * A page rendered on the server links them in its head, so the header, the footer and a shell page
 * are styled from the first paint, before any script (or with none).
 */
class PageStylesPlugin {
  apply(compiler: webpack.Compiler): void {
    const origins = new Set([path.join(here, 'src', 'index.ts'), path.join(here, 'src', 'app', 'shellPages.tsx')]);
    compiler.hooks.thisCompilation.tap('PageStylesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PageStylesPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const files = new Set<string>();
        for (const group of compilation.chunkGroups) {
          const ours = group.origins.some((origin) => origins.has((origin.module as { resource?: string } | null)?.resource ?? ''));
          if (group.isInitial() || !ours) continue;
          for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.css')) files.add(file);
        }
        compilation.emitAsset('page-styles.json', new webpack.sources.RawSource(`${JSON.stringify([...files])}\n`));
      });
    });
  }
}

// The host declares no remotes at build time: it learns where they live from /remotes.json at
// runtime, so a remote team redeploys without a shell rebuild (docs/decisions/0003).
// `--env output=<dir>` builds into another folder than dist/ (a release's staging folder).
export default (env: { output?: string } | undefined, argv: { mode?: string }): Configuration[] => {
  const production = argv.mode !== 'development';
  const output = env?.output ?? path.join(here, 'dist');
  return [browserConfig(production, output), serverConfig(production, output)];
};

function browserConfig(production: boolean, output: string): Configuration {
  return {
    name: 'shell',
    mode: production ? 'production' : 'development',
    entry: './src/index.ts',
    context: here,
    // Maps stay beside the build for error reports; the bundles do not point browsers at them.
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    output: {
      path: output,
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      // dist/server is the server build's (built alongside, cleaned by it).
      clean: { keep: (asset: string) => asset.startsWith('server/') },
    },
    cache: webpackCache(path.join(here, '../.cache/webpack/shell'), fileURLToPath(import.meta.url)),
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      alias: { ...oneFederationRuntime, ...rxjsES2015 },
    },
    module: {
      rules: [
        typescriptRule,
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, { loader: 'css-loader', options: { modules: cssModules(production) } }] },
        { test: /\.(svg|png|webp|woff2)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      // Hashed files of the last day survive a rebuild: pages opened before it still load them.
      new KeepRecentHashedFiles(),
      new ModuleFederationPlugin({
        ...federation,
        // The shell hands its federation runtime to every remote (they build with externalRuntime).
        // `target: 'web'` leaves the runtime's Node-only code out of the browser's first script.
        experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
      }),
      new HtmlWebpackPlugin({ template: './src/index.html', favicon: './public/favicon.svg' }),
      new ShellContractPlugin(),
      new PageStylesPlugin(),
      new MiniCssExtractPlugin({
        filename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
        chunkFilename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
      }),
    ],
    performance: { hints: false },
  };
}
