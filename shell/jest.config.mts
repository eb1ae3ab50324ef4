import { createRequire } from 'node:module';
import { webJestConfig } from '../jest.preset.mts';

const require = createRequire(import.meta.url);
// The constant webpack's DefinePlugin gives the shell (see webpack.shared.js).
const { hostSharedVersions } = require('../webpack.shared.js') as {
  hostSharedVersions: (pkg: unknown) => unknown;
};

export default webJestConfig({
  globals: { __FEDERATION_SHARED__: hostSharedVersions(require('./package.json')) },
});
