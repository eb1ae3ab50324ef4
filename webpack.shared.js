/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: webpack-cli loads it as is */
// One webpack setup for the shell and the four remotes, so their five configs only say what
// differs (name, exposes, public path). CommonJS: webpack-cli loads it without a transpiler.
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');

const ROOT = __dirname;

// The singletons of docs/architecture.md "Remotes": one React, one router, one store, one query
// client across shell and remotes.
const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  'zustand',
  '@tanstack/react-query',
  '@district/ui',
];

// The router is shared as a declarative-mode subset (see packages/ui/webpack/react-router-dom.ts):
// the full package is ~60 KB gzip because a shared module cannot be tree-shaken, the subset ~13 KB.
const ROUTER_SHIM = path.join(ROOT, 'packages/ui/webpack/react-router-dom.ts');

function readJson(file) {
  return require(file);
}

function sharedConfig(pkg) {
  const deps = { ...pkg.dependencies, ...pkg.peerDependencies };
  const shared = {};
  for (const name of SINGLETONS) {
    const requiredVersion = deps[name];
    if (!requiredVersion) throw new Error(`${pkg.name} must list ${name} in its dependencies`);
    shared[name] = { singleton: true, requiredVersion };
  }
  // Workspace packages are versioned exactly ("1.0.0"); accept any 1.x from the host.
  shared['@district/ui'].requiredVersion =
    `^${readJson(path.join(ROOT, 'packages/ui/package.json')).version}`;
  shared['react-router-dom'] = {
    ...shared['react-router-dom'],
    import: ROUTER_SHIM,
    version: readJson(require.resolve('react-router-dom/package.json', { paths: [ROOT] })).version,
  };
  return shared;
}

/**
 * @param {object} options
 * @param {string} options.dir            the workspace folder (__dirname of its webpack.config.js)
 * @param {string} options.name           module-federation name (shell, mf_volunteer, …)
 * @param {Record<string,string>} [options.exposes]  remotes only
 * @param {string} [options.entry]        host only: the app entry
 * @param {string} options.publicPath     '/' for the shell, 'auto' for remotes
 * @param {string[]} [options.runtimePlugins]
 * @param {import('webpack').WebpackPluginInstance[]} [options.plugins]
 */
function createWebpackConfig(options, argv = {}) {
  const mode = argv.mode === 'development' ? 'development' : 'production';
  const isProd = mode === 'production';
  const pkg = readJson(path.join(options.dir, 'package.json'));
  const isRemote = Boolean(options.exposes);

  return {
    mode,
    context: options.dir,
    // Remotes have no app entry of their own: remoteEntry.js is their only way in.
    entry: options.entry ? { main: options.entry } : {},
    devtool: isProd ? false : 'eval-cheap-module-source-map',
    target: 'web',
    output: {
      path: path.join(options.dir, 'dist'),
      publicPath: options.publicPath,
      filename: isProd ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: isProd ? '[name].[contenthash:10].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      uniqueName: options.name,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      // Workspace packages compile from their TypeScript source.
      conditionNames: ['source', '...'],
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !isProd } },
                target: 'es2022',
              },
            },
          },
        },
        {
          test: /\.css$/,
          use: [
            MiniCssExtractPlugin.loader,
            { loader: 'css-loader', options: { importLoaders: 0 } },
          ],
        },
        // Contracts' modules only declare things: let webpack drop the ones nobody imports.
        { test: /[\\/]packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
      ],
    },
    plugins: [
      new MiniCssExtractPlugin({
        filename: isProd ? '[name].[contenthash:10].css' : '[name].css',
        chunkFilename: isProd ? '[name].[contenthash:10].css' : '[name].css',
      }),
      new ModuleFederationPlugin({
        name: options.name,
        ...(isRemote ? { filename: 'remoteEntry.js', exposes: options.exposes } : { remotes: {} }),
        shared: sharedConfig(pkg),
        // Reuse what the shell already loaded; never fetch every remote entry at start-up.
        shareStrategy: 'loaded-first',
        runtimePlugins: options.runtimePlugins ?? [],
        manifest: isRemote ? { fileName: 'mf-manifest.json' } : false,
        dts: false,
        // asyncStartup replaces the hand-written bootstrap import; 'web' drops the Node loaders.
        // (externalRuntime would shrink each remoteEntry.js from ~26 to ~9 KB gzip, but providing
        // the runtime costs the shell's first load ~22 KB gzip: not worth it.)
        experiments: { asyncStartup: true, optimization: { target: 'web' } },
      }),
      ...(options.plugins ?? []),
    ],
    optimization: {
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

module.exports = { createWebpackConfig, sharedConfig, SINGLETONS };
