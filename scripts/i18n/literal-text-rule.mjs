// Issue 22: a text a user can meet is never hard-coded in a screen. eslint-plugin-i18next's
// no-literal-string over JSX: text children, strings in JSX expressions, and the attributes a
// person reads or hears (labels, placeholders, titles, alt texts, ARIA names). Every other
// attribute (className, href, variant...) is code, not text. Used by eslint.config.mjs and by
// scripts/i18n-check.spec.ts (which npm test runs).
import i18next from 'eslint-plugin-i18next';

export const UI_SOURCES = ['shell/src/**/*.tsx', 'mf-*/src/**/*.tsx', 'packages/ui/src/**/*.tsx'];
export const UI_TEST_SOURCES = ['**/*.spec.tsx', '**/testing/**', '**/*.stories.tsx'];

export const VISIBLE_ATTRIBUTES = [
  'label',
  'title',
  'description',
  'placeholder',
  'alt',
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-roledescription',
  'emptyText',
  'confirmLabel',
  'cancelLabel',
  'heading',
];

export const literalTextConfig = {
  files: UI_SOURCES,
  ignores: UI_TEST_SOURCES,
  plugins: { i18next },
  rules: {
    'i18next/no-literal-string': [
      'error',
      {
        mode: 'jsx-only',
        'jsx-attributes': { include: VISIBLE_ATTRIBUTES, exclude: ['.*'] },
        // Symbols, numbers and separators are not words ("·", "—", "×", "%").
        words: { exclude: ['[\\s\\p{P}\\p{S}\\p{N}]*'] },
      },
    ],
  },
};
