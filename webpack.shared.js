/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: webpack-cli loads it as is */
// One webpack setup for the shell and the four remotes, so their five configs only say what
// differs (name, exposes, public path). CommonJS: webpack-cli loads it without a transpiler.
const path = require('node:path');
const { gzipAsync } = require('@gfx/zopfli');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CssMinimizerPlugin = require('css-minimizer-webpack-plugin');

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

// The kit's stylesheet belongs to the shell's first-load CSS (shell/src/main.tsx). A remote builds
// its own fallback copy of @district/ui; its stylesheet is swapped for an empty file
// (packages/ui/webpack/no-kit-styles.css, empty on purpose), so no remote
// ever injects a second copy of the kit's rules (which would re-order the cascade when it loads).
const KIT_STYLES = /[\\/]packages[\\/]ui[\\/]src[\\/]styles\.css$/;
const NO_KIT_STYLES = path.join(ROOT, 'packages/ui/webpack/no-kit-styles.css');

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

// Precompressed copies for nginx's gzip_static (gateway/templates/gzip.conf), made once at build
// time instead of gzip level 5 on every request. Zopfli (issue 34) writes ordinary gzip that any
// browser reads, about 3% smaller than zlib's level 9 (the /auth first load: 120.1 → 116.2 kB);
// one iteration, as more take longer for a few bytes.
class GzipAssetsPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('GzipAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        {
          name: 'GzipAssetsPlugin',
          stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER,
        },
        async (assets) => {
          for (const [name, source] of Object.entries(assets)) {
            if (!/\.(js|css)$/.test(name)) continue;
            const bytes = source.buffer();
            if (bytes.length < 1024) continue;
            const gzipped = Buffer.from(await gzipAsync(bytes, { numiterations: 1 }));
            if (gzipped.length < bytes.length)
              compilation.emitAsset(`${name}.gz`, new webpack.sources.RawSource(gzipped));
          }
        },
      );
    });
  }
}

// What the shell provides to the remotes' share scope at run time (the host has no build plugin,
// see createWebpackConfig): each singleton's installed version and the range the shell accepts.
// Injected into the shell as __FEDERATION_SHARED__ (webpack DefinePlugin, jest `globals`).
function hostSharedVersions(pkg) {
  const shared = sharedConfig(pkg);
  const versions = {};
  for (const name of SINGLETONS) {
    const version =
      shared[name].version ??
      (name === '@district/ui'
        ? readJson(path.join(ROOT, 'packages/ui/package.json')).version
        : readJson(require.resolve(`${name}/package.json`, { paths: [ROOT] })).version);
    versions[name] = { version, requiredVersion: shared[name].requiredVersion };
  }
  return versions;
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
  // Remotes are built with the enhanced plugin (remoteEntry.js, mf-manifest.json, shared
  // consumption). The shell is a plain bundle that starts the federation runtime only when the
  // user opens a remote area (src/federation/federation-host.ts), providing its own copies of the
  // singletons: the ~25 KB gzip runtime and the plugin's start-up share negotiation stay out of
  // the sign-in screen's first load.
  const federation = isRemote
    ? [
        new ModuleFederationPlugin({
          name: options.name,
          filename: 'remoteEntry.js',
          exposes: options.exposes,
          shared: sharedConfig(pkg),
          // Reuse what the shell already loaded; never fetch every remote entry at start-up.
          shareStrategy: 'loaded-first',
          runtimePlugins: options.runtimePlugins ?? [],
          manifest: { fileName: 'mf-manifest.json' },
          dts: false,
          // asyncStartup replaces the hand-written bootstrap import; 'web' drops the Node
          // loaders. (externalRuntime would shrink each remoteEntry.js from ~26 to ~9 KB gzip, but
          // it needs a host that provides the runtime at start-up.)
          experiments: { asyncStartup: true, optimization: { target: 'web' } },
        }),
        new webpack.NormalModuleReplacementPlugin(KIT_STYLES, NO_KIT_STYLES),
      ]
    : [
        new webpack.DefinePlugin({
          __FEDERATION_SHARED__: JSON.stringify(hostSharedVersions(pkg)),
        }),
      ];

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
      // The shell uses (and provides to the remotes) the same router subset the remotes share.
      alias: {
        ...(isRemote ? {} : { 'react-router-dom$': ROUTER_SHIM }),
        // A dependency of Downshift (the kit's Combobox) that also publishes a "source" export
        // (TypeScript): take its published build, not the workspace condition above.
        'compute-scroll-into-view$': path.join(
          ROOT,
          'node_modules/compute-scroll-into-view/dist/index.js',
        ),
      },
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
        // Each area's catalogues (issue 22), and a lazily loaded page's own (src/pages/<page>/locales,
        // issue 31): ICU messages compiled at build time.
        {
          test: /[\\/]src[\\/](?:pages[\\/][\w-]+[\\/])?locales[\\/][a-z]{2}\.json$/,
          type: 'javascript/auto',
          use: path.join(ROOT, 'packages/ui/webpack/lingui-catalogue-loader.js'),
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
      ...federation,
      ...(options.plugins ?? []),
      ...(isProd ? [new GzipAssetsPlugin()] : []),
    ],
    optimization: {
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      // Issue 34: the extracted stylesheets are minified too (lightningcss); '...' keeps webpack's
      // own script minimizer.
      minimizer: ['...', new CssMinimizerPlugin({ minify: CssMinimizerPlugin.lightningCssMinify })],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

module.exports = { createWebpackConfig, sharedConfig, hostSharedVersions, SINGLETONS };
