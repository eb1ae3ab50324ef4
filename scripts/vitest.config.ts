import { defineConfig } from 'vitest/config';

// The runner's own tests: MIME decoding, mail sink, build staleness, process groups, and the
// platform itself against the real PostgreSQL/Redis (DATABASE_URL/REDIS_URL, else 127.0.0.1).
export default defineConfig({
  test: {
    environment: 'node',
    include: ['**/*.spec.ts', '**/*.integration-spec.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
