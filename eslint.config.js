// One lint configuration for the whole repository: TypeScript everywhere, React hooks and accessibility rules for
// the web app. Formatting is Prettier's job, so no stylistic rules here.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/.react-router/**',
      '.data*/**',
      'test-results/**',
      'playwright-report/**',
      'apps/web/app/types/database.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Arguments and variables kept for their name only start with an underscore.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      // `let { a, b } = ...` where only one is reassigned stays one statement.
      'prefer-const': ['error', { destructuring: 'all' }],
    },
  },
  {
    // Tests and benchmarks read JSON answers off the wire field by field; typing each shape would only add casts.
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/backend/test/**', 'e2e/**', 'bench/**', 'supabase/tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/web/app/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Reports only that the React Compiler would skip a component (TanStack Virtual); the app does not use it.
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    files: ['apps/web/app/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Plain elements never take autofocus; a page whose only field is a sign-in code focuses it (Mantine input).
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },
);
