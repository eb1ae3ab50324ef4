// The unit layer of `npm test` (scripts/test-layers.ts): every folder's `*.spec.ts(x)` in ONE jest
// run, each folder a project with its own config (environment, transforms, globals), without the
// integration specs and without the containers their globalSetup starts.
//   node --experimental-vm-modules node_modules/jest/bin/jest.js -c jest.unit.config.mts
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Config } from 'jest';
import { INTEGRATION_SPEC, jestFolders } from './scripts/test-layers.ts';

const projects = await Promise.all(
  jestFolders().map(async (folder) => {
    const config = (await import(pathToFileURL(join(folder.path, 'jest.config.mts')).href))
      .default as Config;
    // Run-wide options and the integration suites' servers are not a unit project's.
    const {
      globalSetup: _setup,
      globalTeardown: _teardown,
      maxWorkers: _workers,
      forceExit: _exit,
      ...project
    } = config;
    return {
      ...project,
      displayName: folder.name,
      rootDir: folder.path,
      testPathIgnorePatterns: [...(project.testPathIgnorePatterns ?? []), INTEGRATION_SPEC],
    };
  }),
);

const config: Config = {
  projects,
  // jest applies the run's timeout, not a project's: the longest any folder asks for.
  testTimeout: Math.max(...projects.map((p) => p.testTimeout ?? 5_000)),
  // Unit specs share nothing: every core.
  maxWorkers: availableParallelism(),
  forceExit: true,
};

export default config;
