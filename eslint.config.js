import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'apps/api/drizzle/**',
      '.e2e-data/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in apps/api/src/config.ts only.' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Tooling and tests may read the environment they are started with.
    files: [
      'apps/api/src/config.ts',
      'apps/api/test/**',
      'apps/api/faults/**',
      'apps/api/bench/**',
      'e2e/**',
      'scripts/**',
      'apps/web/vite.config.ts',
      '**/*.config.{ts,js,mjs}',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Every spec runs through the shared fixture (page errors, console errors, 5xx, error screens fail it).
    files: ['e2e/tests/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message: "Import test and expect from '../support/test' (the shared error fixture).",
            },
          ],
        },
      ],
    },
  },
);
