import { webTestConfig } from '../vitest.shared';

export default webTestConfig();
