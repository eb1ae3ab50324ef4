import { nodeJestConfig } from '../jest.preset.mts';

// Unit tests of the deployment tooling (the compose test itself is `npm run test:compose`).
export default nodeJestConfig({ testMatch: ['<rootDir>/**/*.spec.ts'], testTimeout: 60_000 });
