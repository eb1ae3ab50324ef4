// Shared jest settings: every area's jest.config.ts starts from one of these (issue 17).
// @swc/jest compiles TypeScript to CommonJS (import.meta.url/dirname become __filename/__dirname,
// so the type-stripped ES-module scripts run too); NestJS needs its legacy decorators and their
// metadata. Sibling packages resolve to their TypeScript source through the "source" condition.
import type { Config } from 'jest';
import path from 'node:path';

export const ROOT = import.meta.dirname;

function swc(tsx: boolean) {
  return [
    '@swc/jest',
    {
      jsc: {
        target: 'es2022',
        parser: { syntax: 'typescript', tsx, decorators: true },
        transform: {
          legacyDecorator: true,
          decoratorMetadata: true,
          react: { runtime: 'automatic' },
        },
      },
      module: { type: 'commonjs' },
    },
  ];
}

const ESM_ONLY = [
  '@nestjs/typeorm',
  '@nestjs/bullmq',
  '@nestjs/bull-shared',
  '@nestjs/terminus',
  // Issue 31: the OpenID Connect client and what it is built on.
  'openid-client',
  'oauth4webapi',
  'jose',
];

const base: Config = {
  transform: {
    '^.+\\.tsx$': swc(true),
    '^.+\\.(ts|mts|cts|js|mjs|cjs)$': swc(false),
  },
  // Packages' own TypeScript (reached through their "source" export condition) is compiled like
  // ours, and so are the ES-module-only Nest 12 modules; other packages' JavaScript is not.
  transformIgnorePatterns: [`/node_modules/(?!(?:${ESM_ONLY.join('|')})/).+\\.[cm]?js$`],
  moduleFileExtensions: ['ts', 'tsx', 'mts', 'cts', 'js', 'mjs', 'cjs', 'json'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // Integration suites start NestJS apps, nginx and child processes (the timeout covers hooks too).
  testTimeout: 60_000,
  // One process per area unless a config says otherwise: most suites share servers (see globalSetup).
  maxWorkers: 1,
  // End the run when the tests are done: a pool, queue or socket a suite's teardown
  // left open must not hold the area (and CI) for ever.
  forceExit: true,
};

// Node code: services, packages, gateway, fuzz, scripts, deploy.
export function nodeJestConfig(overrides: Config = {}): Config {
  return {
    ...base,
    testEnvironment: 'node',
    testEnvironmentOptions: { customExportConditions: ['source', 'node', 'require', 'default'] },
    testMatch: ['<rootDir>/{src,test}/**/*.{spec,integration-spec}.ts'],
    ...overrides,
  };
}

// The kit and the services: their integration suites get a PostgreSQL and a Redis container of
// their own per run when Docker answers (jest.containers.mts), else DATABASE_URL/REDIS_URL.
export function serviceJestConfig(overrides: Config = {}): Config {
  return nodeJestConfig({
    globalSetup: path.join(ROOT, 'jest.containers.mts'),
    globalTeardown: path.join(ROOT, 'jest.containers-teardown.mts'),
    ...overrides,
  });
}

// Browser code: shell, remotes, ui. jest-fixed-jsdom keeps Node's fetch, streams and
// AbortController next to jsdom's DOM (the components' tests talk to a real local HTTP server).
export function webJestConfig(overrides: Config = {}): Config {
  return {
    ...base,
    testEnvironment: 'jest-fixed-jsdom',
    testEnvironmentOptions: { customExportConditions: ['source', 'browser', 'require', 'default'] },
    testMatch: ['<rootDir>/src/**/*.spec.{ts,tsx}'],
    moduleNameMapper: { '\\.css$': path.join(ROOT, 'jest.style-stub.cjs') },
    setupFilesAfterEnv: [path.join(ROOT, 'jest.web-setup.mts')],
    maxWorkers: '50%',
    ...overrides,
  };
}
