/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: webpack-cli loads it as is */
// The host: routing, auth screens, home, header, footer, toasts. Remotes are registered at run
// time from /config/remotes.json by the federation runtime (src/federation/federation-host.ts),
// so a remote redeploys without this build.
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const webpack = require('webpack');
const { InjectManifest } = require('workbox-webpack-plugin');
const { createWebpackConfig } = require('../webpack.shared');

const PUBLIC_DIR = path.join(__dirname, 'public');

// Issue 34: public/ (web app manifests, icons, the offline page) is copied into the build as is,
// early enough for the service worker's precache list to include it.
class PublicFilesPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PublicFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PublicFilesPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const file of fs.readdirSync(PUBLIC_DIR, { recursive: true })) {
            const source = path.join(PUBLIC_DIR, file);
            if (!fs.statSync(source).isFile()) continue;
            compilation.fileDependencies.add(source);
            compilation.emitAsset(
              file.split(path.sep).join('/'),
              new webpack.sources.RawSource(fs.readFileSync(source)),
            );
          }
        },
      );
    });
  }
}

module.exports = (_env, argv) =>
  createWebpackConfig(
    {
      dir: __dirname,
      name: 'shell',
      entry: './src/main.tsx',
      publicPath: '/',
      plugins: [
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'src/index.html'),
          title: 'District Volunteers',
          scriptLoading: 'defer',
          minify: argv.mode !== 'development',
        }),
        new PublicFilesPlugin(),
        // Issue 34: the service worker (src/service-worker/service-worker.ts) with the shell's
        // build files as its precache list. The remotes' files are never in it (they deploy
        // alone); the worker's runtime rules handle them.
        new InjectManifest({
          swSrc: path.join(__dirname, 'src/service-worker/service-worker.ts'),
          swDest: 'sw.js',
          exclude: [/\.gz$/, /\.map$/, /\.LICENSE\.txt$/, /^\.build-stamp$/],
        }),
      ],
    },
    argv,
  );
