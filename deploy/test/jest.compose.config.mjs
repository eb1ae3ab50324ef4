// `npm run test:compose`: the compose scenarios, one file each, in one Docker project shared in
// band (each file also runs alone: `npm run test:compose -- redeploy-remote`). The files are ES
// modules (`.ts` imports, import.meta.dirname), so jest runs in its ESM mode
// (node --experimental-vm-modules) with @swc/jest stripping the types only.
export default {
  rootDir: import.meta.dirname,
  testMatch: ['<rootDir>/scenarios/*.spec.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2023' }, module: { type: 'es6' } },
    ],
  },
  globalSetup: '<rootDir>/lib/jest-global-setup.ts',
  globalTeardown: '<rootDir>/lib/jest-global-teardown.ts',
  testSequencer: '<rootDir>/lib/scenario-order.mjs',
  // One platform, one scenario at a time.
  maxWorkers: 1,
  testTimeout: 600_000,
  verbose: true,
};
