/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: webpack-cli loads it as is */
// Remote "mf_blog", deployed alone under /mf/blog/ (docs/architecture.md "Remotes"). The shell
// finds it through /config/remotes.json → /mf/blog/mf-manifest.json.
const { createWebpackConfig } = require('../webpack.shared');

module.exports = (_env, argv) =>
  createWebpackConfig(
    {
      dir: __dirname,
      name: 'mf_blog',
      exposes: {
        './BlogPage': './src/expose/blog-page.ts',
      },
      // Chunks resolve relative to wherever remoteEntry.js was served from.
      publicPath: 'auto',
    },
    argv,
  );
