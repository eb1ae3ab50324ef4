/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: webpack-cli loads it as is */
// Remote "mf_directory", deployed alone under /mf/directory/ (docs/architecture.md "Remotes"). The shell
// finds it through /config/remotes.json → /mf/directory/mf-manifest.json.
const { createWebpackConfig } = require('../webpack.shared');

module.exports = (_env, argv) =>
  createWebpackConfig(
    {
      dir: __dirname,
      name: 'mf_directory',
      exposes: {
        './DirectoryPage': './src/expose/directory-page.ts',
      },
      // Chunks resolve relative to wherever remoteEntry.js was served from.
      publicPath: 'auto',
    },
    argv,
  );
