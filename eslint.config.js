// Lint: typescript-eslint's recommended rules and the rules of hooks. Import cycles are dpdm's (`npm run lint`):
// eslint-plugin-import-x's resolver needs native bindings the registry here does not carry for every platform.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'generated/validators.js',
      'generated/migrations/**',
      'test/screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Type-aware, on the TypeScript the tsconfig holds: a promise nobody awaits or catches loses its error, and one
    // handed where a void callback is expected (an onClick) fails unseen.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // A domain writes through the entity pipeline (createRecord, updateRecord…, with hooks and declared actions), so
    // validation, tenancy, audit, invariants and cache drops reach every write; only the demo seed opens its own.
    files: ['src/server/domains/**/*.ts'],
    ignores: ['src/server/domains/seed/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/core/crud.js', '**/core/crud/writes.js'],
              importNames: ['writeTx'],
              message: 'Write through the pipeline: a hook or a declared action of the entity (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // react-admin's Button on a phone, disabled, drops its label; its confirmations say nothing when cancelled, where
    // the spec says "Operation cancelled".
    files: ['src/admin/**/*.{ts,tsx}'],
    ignores: ['src/admin/components/Button.tsx', 'src/admin/components/Confirm.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-admin',
              importNames: ['Button', 'Confirm', 'DeleteWithConfirmButton', 'BulkDeleteWithConfirmButton'],
              message: 'Use components/Button (named on a phone) or components/Confirm (says when it is cancelled).',
            },
          ],
        },
      ],
    },
  },
);
