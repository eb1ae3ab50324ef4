/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: webpack-cli loads it as is */
// Remote "mf_hours", deployed alone under /mf/hours/ (docs/architecture.md "Remotes"). The shell
// finds it through /config/remotes.json → /mf/hours/mf-manifest.json.
const { createWebpackConfig } = require('../webpack.shared');

module.exports = (_env, argv) =>
  createWebpackConfig(
    {
      dir: __dirname,
      name: 'mf_hours',
      exposes: {
        './ServiceHoursPage': './src/expose/service-hours-page.ts',
        './SupervisorPage': './src/expose/supervisor-page.ts',
        './VerifyRecordPage': './src/expose/verify-record-page.ts',
        './ConfirmHoursPage': './src/expose/confirm-hours-page.ts',
      },
      // Chunks resolve relative to wherever remoteEntry.js was served from.
      publicPath: 'auto',
    },
    argv,
  );
