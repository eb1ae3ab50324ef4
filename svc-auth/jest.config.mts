import { serviceJestConfig } from '../jest.preset.mts';

export default serviceJestConfig();
