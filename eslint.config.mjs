// Lint rules for the whole repository (decision 0028). `npm run lint` runs it with --max-warnings 0.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const browserCode = ['*/src/**/*.{ts,tsx}'];
// Packages whose src is server code (service-kit: tracing and logs for the services), not a bundle's.
const notBrowserCode = ['service-kit/**'];
const nodeCode = [
  '*/server/**/*.{ts,tsx,cjs}',
  'service-kit/src/**/*.ts',
  'shell/releases/**/*.ts',
  '*/bench/**/*.ts',
  'stand-ins/**/*.{ts,cjs}',
  'tools/**/*.ts',
  'e2e/**/*.ts',
  'deploy/**/*.ts',
  '*/*.config.ts',
  '*.{js,mjs,cjs}',
  '.ci/**/*.cjs',
];
const testCode = ['**/*.test.{ts,tsx}', '**/testing/**/*.{ts,tsx}', 'tools/kit/**/*.ts', 'e2e/**/*.ts'];

export default tseslint.config(
  {
    // What git ignores: builds, caches, test results and the running stack's data (releases hold built bundles).
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/.cache/',
      '**/.mf/',
      '**/coverage/',
      'test-results/',
      'playwright-report/',
      '.data/',
      '.releases/',
      '.firebase-data/',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // The type-aware rules that catch real mistakes (a promise nobody waits for or catches, an
      // async handler where a void callback is expected, awaiting a non-promise); the rest of
      // recommendedTypeChecked (no-unsafe-*, require-await) flags hundreds of working lines.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['describe', 'it', 'test'] },
            // Returns a promise only under a data router, which the shop does not use.
            { from: 'package', package: 'react-router', name: 'NavigateFunction' },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  { files: browserCode, ignores: notBrowserCode, languageOptions: { globals: globals.browser } },
  { files: nodeCode, languageOptions: { globals: globals.node } },
  {
    files: browserCode,
    ignores: notBrowserCode,
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      'react-hooks/exhaustive-deps': 'error',
      // React Compiler-era rules this code base does not follow yet (the shop does not use the
      // compiler): "latest value" refs read during render, state set from an effect after a
      // subscription or fetch, and tests that record a hook's input in a module variable. The
      // other compiler rules hold and stay on.
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/globals': 'off',
    },
  },
  {
    files: ['**/*.tsx'],
    extends: [jsxA11y.flatConfigs.recommended],
    rules: {
      // A key handler on a non-interactive element can only hear keys bubbling from the controls
      // inside it (making the element itself focusable is caught by no-noninteractive-tabindex):
      // the arrow keys of a carousel or a thumbnail strip. Clicks on such elements stay forbidden.
      'jsx-a11y/no-noninteractive-element-interactions': ['error', { handlers: ['onClick', 'onMouseDown', 'onMouseUp', 'onKeyPress'] }],
      // A scrolling region must be reachable by keyboard to be scrolled (axe's
      // scrollable-region-focusable, which the browser tests run), so a region may take tabIndex.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true }],
    },
  },
  {
    files: testCode,
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
    rules: {
      // Tests feed services hostile or half-typed input on purpose.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // Issue #35: a function small enough to hold in one's head, a file one can read through. Tests,
    // fixtures and data tables (the message catalogues) are long by nature.
    files: ['**/*.{ts,tsx}'],
    ignores: [...testCode, '**/fixtures/**', '**/i18n/messages.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
      'max-lines': ['error', { max: 500, skipBlankLines: true, skipComments: true }],
    },
  },
  prettier,
);
