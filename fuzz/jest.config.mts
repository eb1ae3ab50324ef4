import { nodeJestConfig } from '../jest.preset.mts';

// routes.spec.ts reads the services' controllers (SWC keeps their decorator metadata);
// fuzz.integration-spec.ts starts the whole platform once and sends its requests through the gateway.
export default nodeJestConfig({
  testMatch: ['<rootDir>/*.{spec,integration-spec}.ts'],
  testTimeout: 180_000,
});
