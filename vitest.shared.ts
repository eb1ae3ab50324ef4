// Shared vitest settings. Services need SWC so NestJS decorator metadata survives the transform;
// every workspace resolves sibling packages to their TypeScript source through the "source" condition.
import swc from 'unplugin-swc';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

type TestOptions = NonNullable<ViteUserConfig['test']>;

export function serviceTestConfig(overrides: TestOptions = {}) {
  return defineConfig({
    plugins: [
      swc.vite({
        jsc: { target: 'es2022', transform: { legacyDecorator: true, decoratorMetadata: true } },
      }),
    ],
    resolve: { conditions: ['source'] },
    ssr: { resolve: { conditions: ['source'] } },
    test: {
      environment: 'node',
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // Integration suites share one PostgreSQL server and Redis: run files one at a time.
      fileParallelism: false,
      ...overrides,
    },
  });
}

export function webTestConfig(overrides: TestOptions = {}) {
  return defineConfig({
    resolve: { conditions: ['source'] },
    oxc: { jsx: { runtime: 'automatic' } },
    test: { environment: 'jsdom', ...overrides },
  });
}
