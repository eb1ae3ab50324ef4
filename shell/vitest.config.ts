import { mergeConfig } from 'vitest/config';
import { webTestConfig } from '../vitest.shared';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the CommonJS webpack helper
const { hostSharedVersions } = require('../webpack.shared.js') as {
  hostSharedVersions: (pkg: unknown) => unknown;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pkg: unknown = require('./package.json');

// The constant webpack's DefinePlugin gives the shell (see webpack.shared.js).
export default mergeConfig(webTestConfig(), {
  define: { __FEDERATION_SHARED__: JSON.stringify(hostSharedVersions(pkg)) },
});
