// Unit tests of the deployment tooling (the compose test itself is `npm run test:compose`).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['**/*.spec.ts'], exclude: ['**/node_modules/**'], testTimeout: 60_000 },
});
