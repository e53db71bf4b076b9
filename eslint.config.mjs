import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { builtinModules } from 'node:module';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'db/migrations/**',
      'coverage/**',
      '**/*.mjs',
      '**/*.cjs',
      'jest.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/core/src/**',
                '**/db/src/**',
                '**/search/src/**',
                '**/api/src/**',
                '**/workers/src/**',
                '**/workflows/src/**',
                '**/console/src/**',
              ],
              message: 'Import across packages by package name.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['core/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'http', 'net', 'child_process'], message: 'core/ does no I/O.' },
          ],
        },
      ],
    },
  },
  {
    // Workflow code is replayed and bundled into Temporal's sandbox (as in Temporal's samples): no Node builtins,
    // no I/O, no wall clock or randomness, activities as types only.
    files: ['workflows/src/**/*.workflow.ts', 'workflows/src/runtime.ts', 'workflows/src/runtime-hook.ts'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            ...builtinModules
              .flatMap((name) => [name, `node:${name}`])
              .map((name) => ({
                name,
                message: 'Workflow code runs in Temporal’s sandbox: no Node builtins.',
              })),
            ...['@mam/db', '@mam/workers', '@temporalio/client', '@temporalio/worker', '@temporalio/activity'].map(
              (name) => ({ name, allowTypeImports: true, message: 'Workflow code does no I/O: call activities.' }),
            ),
          ],
          patterns: [
            {
              group: ['**/core/src/**', '**/db/src/**', '**/api/src/**', '**/workers/src/**', '**/console/src/**'],
              message: 'Import across packages by package name.',
            },
            { group: ['**/embedded/**'], message: 'Workflow code reaches the embedded runtime through runtime.ts.' },
            {
              group: ['**/*.activities', '**/*.activity', '**/*-activities', '**/activities/**'],
              allowTypeImports: true,
              message: 'Activities are imported as types only.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...[
          'setTimeout',
          'setInterval',
          'setImmediate',
          'clearTimeout',
          'clearInterval',
          'process',
          'require',
          'fetch',
        ].map((name) => ({
          name,
          message: 'Not replayable: use sleep()/condition() from runtime.ts, or an activity.',
        })),
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Not replayable: pass times in, or use an activity.' },
        { object: 'Math', property: 'random', message: 'Not replayable: use uuid4() from runtime.ts.' },
        { object: 'performance', property: 'now', message: 'Not replayable.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'new Date() reads the wall clock: not replayable on the embedded runtime.',
        },
      ],
    },
  },
  {
    // Workflow files use the seam, never Temporal's API directly, so they also run on the embedded runtime.
    files: ['workflows/src/**/*.workflow.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='@temporalio/workflow']",
          message: 'Import the workflow API from workflows/src/runtime.ts.',
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'new Date() reads the wall clock: not replayable on the embedded runtime.',
        },
      ],
    },
  },
  {
    files: ['console/src/**/*.tsx', 'console/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
