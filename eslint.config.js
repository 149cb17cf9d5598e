// Lint for the whole monorepo: typescript-eslint recommended + React hooks rules in the web app.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**/*.json', 'test-results/**', 'e2e/output/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The package root evaluates every zod schema of the contracts (~160 KB of a phone's first visit):
      // screens import types from it and plain values from '@almendra/contracts/constants'.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@almendra/contracts',
              allowTypeImports: true,
              message: "Import plain values from '@almendra/contracts/constants' (the root evaluates every schema); only types from the root.",
            },
          ],
        },
      ],
    },
  },
);
