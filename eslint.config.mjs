// One lint config for every workspace: typescript-eslint everywhere, React hooks rules for the browser code.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { literalTextConfig } from './scripts/i18n/literal-text-rule.mjs';

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
