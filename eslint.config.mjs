// One lint config for every workspace: typescript-eslint everywhere, React hooks rules for the browser code.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { literalTextConfig } from './scripts/i18n/literal-text-rule.mjs';

// Issue 30, the house rules of docs/architecture.md ("A service, file by file"), enforced on the
// services' and the kit's production code. scripts/lint-rules.spec.ts plants a violation of each
// and proves it fails. One `no-restricted-syntax` list per kind of file, because a later config
// replaces a rule's options instead of adding to them.
const BACKEND = ['svc-*/src/**/*.ts', 'packages/service-kit/src/**/*.ts'];
const NOT_PRODUCTION = [
  '**/*.spec.ts',
  '**/*.integration-spec.ts',
  '**/test/**',
  // The kit's test harness (startTestService, test databases): test code, never run in production.
  'packages/service-kit/src/testing/**',
];
// Where queries may run: repositories and migrations. The kit's database module is where the
// connection, the migration runner (a query runner holding an advisory lock) and withTransaction
// itself live, so it is the one place that may call the DataSource's own transaction/query API.
const QUERY_PLACES = [
  '**/*.repository.ts',
  '**/migrations/**',
  '**/*.migration.ts',
  '**/*.migrations.ts',
  'packages/service-kit/src/database/**',
];
const SEE = 'See docs/architecture.md, "A service, file by file".';
const ORM_CALLS = [
  'find',
  'findBy',
  'findOne',
  'findOneBy',
  'findOneOrFail',
  'findOneByOrFail',
  'findAndCount',
  'findAndCountBy',
  'save',
  'insert',
  'update',
  'upsert',
  'delete',
  'remove',
  'softDelete',
  'restore',
  'count',
  'countBy',
  'exists',
  'existsBy',
  'increment',
  'decrement',
  'sum',
  'average',
  'minimum',
  'maximum',
];
const TRANSACTION_RULES = [
  {
    selector: "CallExpression[callee.property.name='transaction']",
    message: `Open a transaction only with the kit's withTransaction(dataSource, fn) from @district/service-kit. ${SEE}`,
  },
  {
    selector: "CallExpression[callee.property.name='startTransaction']",
    message: `Open a transaction only with the kit's withTransaction(dataSource, fn) (no query runner transactions). ${SEE}`,
  },
];
const QUERY_RULES = [
  {
    selector:
      'CallExpression[callee.property.name=/^(query|createQueryBuilder|createQueryRunner|getRepository|getTreeRepository|getMongoRepository)$/]',
    message: `Queries run only in a repository (<feature>.repository.ts) or a migration: move this into the feature's repository and call its method. ${SEE}`,
  },
  {
    selector: `CallExpression[callee.property.name=/^(${ORM_CALLS.join('|')})$/]:matches([callee.object.name=/^(manager|entityManager|em)$/], [callee.object.property.name=/^(manager|entityManager)$/])`,
    message: `EntityManager queries run only in a repository (<feature>.repository.ts): add a repository method taking the manager first. ${SEE}`,
  },
  {
    selector: 'Decorator[expression.callee.name=/^Inject(Repository|DataSource|EntityManager)$/]',
    message: `Only a repository injects TypeORM repositories or the EntityManager (a service takes DataSource by type for withTransaction): inject the feature's repository instead. ${SEE}`,
  },
];
const PG_IMPORTS = {
  paths: ['pg', 'pg-pool', 'pg-query-stream', 'pg-cursor'].map((name) => ({
    name,
    message: `Database connections belong to the kit's DatabaseModule and queries to repositories: use a repository. ${SEE}`,
  })),
};
const CONTROLLER_RULES = [
  {
    selector: 'ImportSpecifier[imported.name=/Repository$/]',
    message: `A controller never imports a repository: call the feature's service, which calls the repository. ${SEE}`,
  },
];
const CONTROLLER_IMPORTS = {
  ...PG_IMPORTS,
  patterns: [
    {
      group: ['**/*.repository', '**/*.repository.ts'],
      message: `A controller never imports a repository: call the feature's service, which calls the repository. ${SEE}`,
    },
  ],
};
const layeringConfigs = [
  {
    // Services, handlers, caches, modules: no queries, no transactions but withTransaction.
    files: BACKEND,
    ignores: [...NOT_PRODUCTION, ...QUERY_PLACES],
    rules: {
      'no-restricted-syntax': ['error', ...QUERY_RULES, ...TRANSACTION_RULES],
      'no-restricted-imports': ['error', PG_IMPORTS],
    },
  },
  {
    // Controllers: the same, and no repository imports.
    files: ['svc-*/src/**/*.controller.ts', 'packages/service-kit/src/**/*.controller.ts'],
    ignores: NOT_PRODUCTION,
    rules: {
      'no-restricted-syntax': ['error', ...QUERY_RULES, ...TRANSACTION_RULES, ...CONTROLLER_RULES],
      'no-restricted-imports': ['error', CONTROLLER_IMPORTS],
    },
  },
  {
    // A service's unit test names its subject by the class (describe(XService.name)), so a rename
    // cannot leave a stale title behind.
    files: ['svc-*/src/**/*.service.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "Program > ExpressionStatement > CallExpression[callee.name='describe'][arguments.0.type!='MemberExpression']",
          message: `A service's unit test is describe(XService.name, ...) with the subject as \`sut\`. See docs/architecture.md, "A service, file by file".`,
        },
      ],
    },
  },
  {
    // Repositories and migrations may query, but still open no transaction of their own.
    files: [
      'svc-*/src/**/*.repository.ts',
      'svc-*/src/migrations/**/*.ts',
      'packages/service-kit/src/**/*.{repository,migration,migrations}.ts',
    ],
    ignores: NOT_PRODUCTION,
    rules: { 'no-restricted-syntax': ['error', ...TRANSACTION_RULES] },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    files: ['shell/**/*.{ts,tsx}', 'mf-*/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  literalTextConfig,
  ...layeringConfigs,
  // ---- Front-end data hooks (issue 30, "one way to do each job") ----
  // Every read and write of the server lives in a `<feature>.queries.ts` beside its feature (or
  // in a remote's src/shared/ when several pages use it): components call the named hooks it
  // exports, never react-query's primitives, so each feature's keys and requests are in one file.
  {
    files: ['shell/**/*.{ts,tsx}', 'mf-*/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    // shared-modules.ts hands the whole react-query module to the remotes (one query client).
    ignores: ['**/*.queries.{ts,tsx}', 'shell/src/federation/shared-modules.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useQuery', 'useMutation', 'useInfiniteQuery'],
              message:
                "Put the query or mutation in the feature's <feature>.queries.ts and call the hook it exports.",
            },
          ],
        },
      ],
    },
  },
  // ---- end of front-end data hooks ----
);
