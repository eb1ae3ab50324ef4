import { nodeJestConfig } from '../../jest.preset.mts';

export default nodeJestConfig({ testMatch: ['<rootDir>/src/**/*.spec.ts'] });
