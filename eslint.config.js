import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURE_ENTRY = 'Import another feature through its entry point (@/features/<name>), not its files.';
const MODULE_ENTRY = 'Import another server module through its index (modules/<name>/index.js), not its files.';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', '.test-output/**', 'bench/out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-control-regex': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Web boundaries: shared code knows no feature; a feature reaches another only through its
  // entry point (features/<name>/index.ts), apart from test fixtures; the app shell also mounts routes.
  {
    files: ['apps/web/src/{components,config,hooks,lib,testing,utils}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@/features', '@/features/*'], message: 'Shared code must not depend on a feature.' }] }],
    },
  },
  {
    files: ['apps/web/src/features/*/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/features/*/*', '!@/features/*/testing', '!@/features/*/testing/*'], message: FEATURE_ENTRY },
            { group: ['../../*'], message: FEATURE_ENTRY },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/features/*/*', '!@/features/*/testing', '!@/features/*/testing/*', '../*'], message: FEATURE_ENTRY }] },
      ],
    },
  },
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}', 'apps/web/src/main.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@/features/*/*', '!@/features/*/routes', '!@/features/*/routes/*'], message: FEATURE_ENTRY }] }],
    },
  },
  // Server boundaries: a module (modules/<name>/, one flat folder) reaches another only through its
  // index.ts, tests included; its own files it imports freely. The code around the modules (app,
  // ssr, db and its seeds, lib, mail) does the same. The test helpers under src/test may reach in.
  // '../*/*' alone would also match '../../db/...' (a pattern covers what lies under a match).
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['../*/*', '!../*/index.js', '!../../**'], message: MODULE_ENTRY }] }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/modules/**', 'apps/server/src/test/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/modules/*/*', '!**/modules/*/index.js'], message: MODULE_ENTRY }] }],
    },
  },
);
