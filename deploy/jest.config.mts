import { nodeJestConfig } from '../jest.preset.mts';

// Unit tests of the deployment tooling and the manifest validation. The compose scenarios
// (test/scenarios) are `npm run test:compose`, with their own config.
export default nodeJestConfig({
  testMatch: ['<rootDir>/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/scenarios/'],
  testTimeout: 60_000,
});
