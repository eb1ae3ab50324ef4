import { serviceTestConfig } from '../vitest.shared';

export default serviceTestConfig({
  include: ['src/**/*.spec.ts', 'test/**/*.spec.ts', 'test/**/*.integration-spec.ts'],
});
