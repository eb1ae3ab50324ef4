/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: webpack-cli loads it as is */
// Remote "mf_volunteer", deployed alone under /mf/volunteer/ (docs/architecture.md "Remotes"). The shell
// finds it through /config/remotes.json → /mf/volunteer/mf-manifest.json.
const { createWebpackConfig } = require('../webpack.shared');

module.exports = (_env, argv) =>
  createWebpackConfig(
    {
      dir: __dirname,
      name: 'mf_volunteer',
      exposes: {
        './VolunteerPage': './src/expose/volunteer-page.ts',
      },
      // Chunks resolve relative to wherever remoteEntry.js was served from.
      publicPath: 'auto',
    },
    argv,
  );
