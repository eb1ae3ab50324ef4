// Unit tests of the deployment tooling. The compose scenarios (test/scenarios) are jest specs
// run only by `npm run test:compose`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.spec.ts'],
    exclude: ['**/node_modules/**', 'test/scenarios/**'],
    testTimeout: 60_000,
  },
});
