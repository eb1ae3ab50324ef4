import { serviceTestConfig } from '../vitest.shared.ts';

// routes.spec.ts reads the services' controllers (SWC keeps their decorator metadata);
// fuzz.spec.ts starts the whole platform once and sends its requests through the gateway.
export default serviceTestConfig({
  include: ['**/*.spec.ts'],
  exclude: ['node_modules/**'],
  testTimeout: 180_000,
  hookTimeout: 240_000,
});
