import { nodeJestConfig } from '../jest.preset.mts';

// routes.spec.ts reads the services' controllers (SWC keeps their decorator metadata);
// fuzz.spec.ts starts the whole platform once and sends its requests through the gateway.
export default nodeJestConfig({ testMatch: ['<rootDir>/*.spec.ts'], testTimeout: 180_000 });
