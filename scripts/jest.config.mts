import { nodeJestConfig } from '../jest.preset.mts';

// The runner's own tests: MIME decoding, mail sink, build staleness, process groups, and the
// platform itself against the real PostgreSQL/Redis (DATABASE_URL/REDIS_URL, else 127.0.0.1).
export default nodeJestConfig({
  testMatch: ['<rootDir>/*.{spec,integration-spec}.ts'],
  testTimeout: 60_000,
});
