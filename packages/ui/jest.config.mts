import { webJestConfig } from '../../jest.preset.mts';

export default webJestConfig();
