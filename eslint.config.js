import fs from 'node:fs';
import path from 'node:path';

import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/** Every folder of apps/web/src/features: each one becomes a zone the others may not import from. */
const webFeatures = fs
  .readdirSync(path.join(root, 'apps/web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A refusal of who may (403) is thrown only by a policy: `appError('forbidden')` and its kin. */
const apiPolicySyntax = [
  {
    selector: "CallExpression[callee.name='appError'][arguments.0.value=/^(forbidden|subscription_required)$/]",
    message: "Who may do what lives in the module's *.policy.ts: call a policy function instead.",
  },
];

export default defineConfig(
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
  tseslint.configs.recommended,
  {
    // Promises: each TypeScript file is checked with the types of the tsconfig.json that includes it.
    // A promise is awaited, handled, or let go with `void` where its own code handles its errors
    // (docs/contributing.md).
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: {
      // Preact's `act` flushes a synchronous callback at once; it returns a promise only to be awaited
      // by the callers that passed an async one.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', name: 'act', package: 'preact' }] },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
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
    // Every import block sorted one way, repo-wide (docs/contributing.md): `npx eslint --fix` sorts it.
    // Side-effect imports (`import './boot/early-start'`) keep their place and order.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: { 'simple-import-sort/imports': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Boundaries (docs/contributing.md): imports are resolved as TypeScript does, so a relative path, a
    // workspace package or an alias all count.
    files: ['apps/api/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/api/tsconfig.json', 'apps/web/tsconfig.json', 'packages/shared/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // No import cycles (type-only imports do not count: they vanish at runtime).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            // A web feature never imports another feature.
            ...webFeatures.map((feature) => ({
              target: `apps/web/src/features/${feature}`,
              from: 'apps/web/src/features',
              except: [`./${feature}`],
              message:
                'Features never import each other: move the shared piece to apps/web/src/{components,lib,config,api}.',
            })),
            // Shared web code never imports a feature (that would let one feature reach another through it).
            {
              target: ['components', 'lib', 'config', 'api', 'testing'].map((dir) => `apps/web/src/${dir}`),
              from: 'apps/web/src/features',
              message: 'Shared web code never imports a feature.',
            },
            // An API module never imports back up into the app that registers it.
            {
              target: 'apps/api/src/modules',
              from: ['apps/api/src/app.ts', 'apps/api/src/server.ts', 'apps/api/src/register-jobs.ts'],
              message: 'Modules never import the app, the server or the job registry: they are given what they need.',
            },
          ],
        },
      ],
    },
  },
  {
    // "Who may" lives in a policy (docs/contributing.md, ADR 017): outside a `*.policy.ts` (and the
    // role gate of plugins/auth.ts) no code refuses with 403 forbidden or subscription_required.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.policy.ts', 'apps/api/src/plugins/auth.ts', 'apps/api/src/**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...apiPolicySyntax] },
  },
  {
    // Routes are thin: a `*.routes.ts` checks who asks and calls a use case, which holds the SQL and
    // the transaction.
    files: ['apps/api/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^drizzle-orm(/.*)?$', message: 'SQL belongs in a use case, not in a routes file.' },
            { regex: '(^|/)db/schema$', message: 'Tables belong in a use case, not in a routes file.' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...apiPolicySyntax,
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'A transaction belongs in a use case, not in a routes file.',
        },
        {
          selector:
            "CallExpression[callee.object.property.name='db'][callee.property.name=/^(select|selectDistinct|insert|update|delete|execute|query)$/]",
          message: 'SQL belongs in a use case, not in a routes file.',
        },
      ],
    },
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
    // The start-up code runs before React, MUI and the router are evaluated (ADR 014): importing one
    // of them here would make it run first, and the page's downloads would start later.
    files: ['apps/web/src/boot/**/*.ts'],
    ignores: ['apps/web/src/boot/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(react|react-dom|react-router|@mui/.+|@emotion/.+|@tanstack/.+)(/.*)?$',
              allowTypeImports: true,
              message: 'boot/ runs before React and the libraries: it must not import them.',
            },
          ],
        },
      ],
    },
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
