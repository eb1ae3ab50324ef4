import { serviceTestConfig } from '../vitest.shared.ts';

// Unit specs of the renderer and integration specs against a real nginx binary.
export default serviceTestConfig({
  include: ['test/**/*.spec.ts', 'test/**/*.integration-spec.ts'],
});
