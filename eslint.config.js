import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * Server modules (apps/server/src/modules/<area>/) import only their own files and the shared
 * layers below them (lib/, db/, plugins/, @bo/contract); what two modules need moves down. The
 * zones are made from the folder list, so a new module is covered without editing this file.
 */
const SERVER_MODULES = './apps/server/src/modules';
const serverModules = readdirSync(new URL(SERVER_MODULES, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The only imports allowed across modules: a test that truly needs another module's internals,
 * one test file and one imported file each (relative to the modules folder), with the reason.
 * None today; an entry looks like
 * { file: 'apps/server/src/modules/a/a.test.ts', imports: 'b/queries.ts', reason: '…' }.
 */
const MODULE_IMPORT_EXCEPTIONS = [];
for (const e of MODULE_IMPORT_EXCEPTIONS) {
  if (!e.reason) throw new Error(`eslint.config.js: the exception for ${e.file} needs a reason`);
}
const moduleOf = (file) => file.split('/modules/')[1].split('/')[0];

const moduleZones = (exception) => [
  ...serverModules.map((name) => ({
    target: `${SERVER_MODULES}/${name}`,
    from: SERVER_MODULES,
    except: [`./${name}`, ...(exception?.module === name ? [`./${exception.imports}`] : [])],
    message: `The ${name} module imports no other module's files: move what both need down to apps/server/src/lib (or db), or state a test's exception in eslint.config.js.`,
  })),
  {
    target: [
      './apps/server/src/lib',
      './apps/server/src/db',
      './apps/server/src/plugins',
      './apps/server/test',
    ],
    from: SERVER_MODULES,
    message: 'The shared server layers sit below the modules and never import them.',
  },
];

/** One direction of imports: contract imports nothing from apps; web and server never meet. */
const restrictedPaths = (exception) => [
  'error',
  {
    basePath: import.meta.dirname,
    zones: [
      { target: './packages/contract', from: './apps' },
      { target: './apps/web', from: './apps/server' },
      { target: './apps/server', from: './apps/web' },
      // On the web, shared → sections → pages → app.
      { target: './apps/web/src/components', from: './apps/web/src/sections' },
      { target: './apps/web/src/components', from: './apps/web/src/pages' },
      { target: './apps/web/src/components', from: './apps/web/src/app' },
      { target: './apps/web/src/sections', from: './apps/web/src/pages' },
      { target: './apps/web/src/sections', from: './apps/web/src/app' },
      { target: './apps/web/src/pages', from: './apps/web/src/app' },
      ...moduleZones(exception),
    ],
  },
];

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
    files: ['**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': restrictedPaths() },
  },
  // Each stated exception relaxes its module's zone for that one file, for that one import.
  ...MODULE_IMPORT_EXCEPTIONS.map(({ file, imports }) => ({
    files: [file],
    rules: {
      'import-x/no-restricted-paths': restrictedPaths({ module: moduleOf(file), imports }),
    },
  })),
  {
    // Every API path comes from the contract's path tables (`ORDERS_API.one.pattern` for a route,
    // `ORDERS_API.one(id)` for a call), so server and web cannot drift apart;
    // apps/server/src/api-paths.test.ts checks what the server registers. A bare '/api/' (a
    // prefix test) is allowed. Bench scenarios may spell query strings.
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/bench-scenarios.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/api\\/./]',
          message:
            "Take the API path from the contract's path table (e.g. ORDERS_API.one.pattern).",
        },
        {
          selector: 'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/api\\/./]',
          message: "Take the API path from the contract's path table (e.g. ORDERS_API.one(id)).",
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
