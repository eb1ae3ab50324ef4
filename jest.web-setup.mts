// Web suites: testing-library's find*/waitFor wait up to 5 s instead of 1 s, since jest loads
// (and on a cold cache compiles) a lazy route's modules on first use, and CI machines are shared.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });
