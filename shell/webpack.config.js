/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: webpack-cli loads it as is */
// The host: routing, auth screens, home, header, footer, toasts. Remotes are registered at run
// time from /config/remotes.json by the federation runtime (src/federation/federation-host.ts),
// so a remote redeploys without this build.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { createWebpackConfig } = require('../webpack.shared');

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
      ],
    },
    argv,
  );
