import { nodeJestConfig } from '../jest.preset.mts';

// Unit specs of the renderer and integration specs against a real nginx binary.
export default nodeJestConfig({ testMatch: ['<rootDir>/test/**/*.{spec,integration-spec}.ts'] });
