import { serviceTestConfig } from '../../vitest.shared';

export default serviceTestConfig({ include: ['src/**/*.spec.ts'] });
