// The one webpack configuration of the four remotes: each remote's webpack.config.ts names itself,
// its standalone port and what it exposes; everything else (federation, shared singletons and their
// ranges, hashing, CSS Modules, the standalone harness) is the same for every team by construction.
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import type { Configuration } from 'webpack';
import type { Configuration as DevServer } from 'webpack-dev-server';
import { KeepRecentHashedFiles } from './keepRecentHashedFiles.ts';

export interface RemoteBuild {
  /** The federation name, e.g. 'cart' (package mf-cart). */
  name: string;
  /** The remote's package folder. */
  dir: string;
  /** Port of its standalone harness (npm start -w mf-<name>). */
  standalonePort: number;
  /** Exposed module name -> source file, e.g. { './CartPage': './src/cart-page/CartPage.tsx' }. */
  exposes: Record<string, string>;
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
    'shared-events': { singleton: true, requiredVersion: '^0.1.0' },
  };
}

export function remoteConfig({ name, dir, standalonePort, exposes }: RemoteBuild) {
  return (_env: unknown, argv: { mode?: string }): Configuration & { devServer: DevServer } => {
    const production = argv.mode !== 'development';
    const hash = production ? '.[contenthash:10]' : '';
    return {
      mode: production ? 'production' : 'development',
      // The harness entry lets the team run its screens alone (npm start -w mf-<name>).
      entry: { standalone: './src/standalone/index.ts' },
      context: dir,
      // Maps stay beside the build for error reports; the bundles do not point browsers at them.
      devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        publicPath: 'auto',
        uniqueName: `mf_${name}`,
        filename: `[name]${hash}.js`,
        chunkFilename: `[name]${hash}.js`,
        assetModuleFilename: `assets/[name]${hash}[ext]`,
        clean: true,
      },
      cache: { type: 'filesystem', cacheDirectory: path.join(dir, `../.cache/webpack/${name}`) },
      resolve: { extensions: ['.tsx', '.ts', '.js'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } },
      module: {
        rules: [
          { test: /\.tsx?$/, loader: 'ts-loader', options: { transpileOnly: true, compilerOptions: { noEmit: false, allowImportingTsExtensions: false, rewriteRelativeImportExtensions: true } } },
          // CSS Modules only: a remote's styles are scoped and never restyle the host.
          { test: /\.css$/, use: [MiniCssExtractPlugin.loader, { loader: 'css-loader', options: { modules: { auto: () => true, namedExport: false, localIdentName: production ? `${name}-[hash:base64:6]` : `${name}-[local]-[hash:base64:4]` } } }] },
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
          experiments: production ? { externalRuntime: true } : {},
          exposes,
          shared: sharedSingletons(production),
        }),
        new HtmlWebpackPlugin({ template: './src/standalone/index.html', chunks: ['standalone'], filename: 'index.html' }),
        new MiniCssExtractPlugin({ filename: `[name]${hash}.css`, chunkFilename: `[name]${hash}.css` }),
      ],
      devServer: {
        port: standalonePort,
        host: '127.0.0.1',
        historyApiFallback: true,
        // The running storefront whose services the harness uses (npm start's by default).
        proxy: [{ context: ['/api', '/save-stripe-token', '/local-stripe', '/remotes.json', '/app-config.json', '/design'], target: process.env.STOREFRONT_URL ?? 'http://127.0.0.1:3000' }],
      },
      performance: { hints: false },
    };
  };
}
