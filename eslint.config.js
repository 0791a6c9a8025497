import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'bench/data/**',
      'bench/results/**',
      'apps/server/drizzle/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
    settings: {
      'import-x/resolver': {
        typescript: {
          project: ['packages/contract', 'apps/server', 'apps/web'],
          noWarnOnMultipleProjects: true,
        },
        node: true,
      },
      'import-x/ignore': ['node_modules'],
    },
  },
  {
    // One direction of imports: contract imports nothing from apps; web and server never meet;
    // on the web, shared → sections → pages → app.
    files: ['**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages/contract', from: './apps' },
            { target: './apps/web', from: './apps/server' },
            { target: './apps/server', from: './apps/web' },
            { target: './apps/web/src/components', from: './apps/web/src/sections' },
            { target: './apps/web/src/components', from: './apps/web/src/pages' },
            { target: './apps/web/src/components', from: './apps/web/src/app' },
            { target: './apps/web/src/sections', from: './apps/web/src/pages' },
            { target: './apps/web/src/sections', from: './apps/web/src/app' },
            { target: './apps/web/src/pages', from: './apps/web/src/app' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
