import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import otakuServer from './apps/server/lint/writes-tell-changes.js';

const serverModules = readdirSync(new URL('./apps/server/src/modules', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Tailwind's backdrop-filter utilities, and the property in a class or style string. */
const BACKDROP_FILTER =
  '/backdrop-(blur|brightness|contrast|grayscale|hue-rotate|invert|opacity|saturate|sepia|filter)/';

const webFeatures = ['home', 'shop', 'product', 'auth', 'cart', 'history', 'dashboard', 'checkout'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      'data/**',
      'bench/.work/**',
      'bench/results/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    // Products, variants, stock and users are written only where the write tells the caches
    // what it changed (apps/server/src/db/changed.ts, decision 141). Tests write as they need.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      'apps/server/src/modules/auth/auth.repo.ts',
      'apps/server/src/modules/cart/cart.repo.ts',
      'apps/server/src/modules/orders/orders.repo.ts',
      'apps/server/src/modules/products-admin/products-admin.repo.ts',
      'apps/server/src/modules/users/users.repo.ts',
      'apps/server/src/seed/demo-data.ts',
      'apps/server/src/seed/first-admin.ts',
    ],
    plugins: { 'otaku-server': otakuServer },
    rules: { 'otaku-server/writes-tell-changes': 'error' },
  },
  {
    // Served as it is, outside the build: a classic script for any browser.
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
    rules: { 'no-var': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features never reach into each other's internals; shared code lives in components/, lib/ or @otaku/shared.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: webFeatures.map((feature) => ({
            target: `./apps/web/src/features/${feature}`,
            from: './apps/web/src/features',
            except: [`./${feature}`],
            message:
              'Features must not import each other; move shared code to components/ or lib/.',
          })),
        },
      ],
      // Packages never import the app back, so the search stays inside it.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      // Without these import-x reads no TypeScript file's imports, and finds no cycle at all.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
  },
  {
    // The endpoints' schemas stay out of the shop's first load (decisions 080, 149): the app
    // calls a route of `routes` and takes its types from `endpoints` with `import type`.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@otaku/shared',
              importNames: ['endpoints', 'errorBodyOf'],
              allowTypeImports: true,
              message:
                'Call a route of `routes` (lib/api-client `call`); import endpoints only as a type.',
            },
          ],
        },
      ],
      // A backdrop filter blurs what lies under it again for every frame drawn (decision 184):
      // a cost on every phone and in every browser test, for a look the bar's nearly opaque
      // background and the dialogs' dimming already give.
      'no-restricted-syntax': [
        'error',
        {
          selector: `Literal[value=${BACKDROP_FILTER}], TemplateElement[value.raw=${BACKDROP_FILTER}], Property[key.name='backdropFilter']`,
          message: 'No backdrop filter (blur and the like): use an opaque or dimmed layer.',
        },
      ],
    },
  },
  {
    // The shared package builds its schemas with the `z` of its zod.ts, which sets Zod up first
    // (messages, jitless in a browser); only that set-up reaches a page, and only with a schema.
    files: ['packages/shared/src/**/*.ts'],
    ignores: ['packages/shared/src/**/*.test.ts', 'packages/shared/src/zod.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              allowTypeImports: true,
              message: "Take `z` from './zod', which sets Zod up before the first schema.",
            },
          ],
        },
      ],
    },
  },
  {
    // Server boundaries (decision 142): plugins, db and lib are what modules build on, so they
    // never import a module (nor the demo seed, which does); modules reach each other only one
    // way, and no file imports itself round a cycle. Shared code moves down, or a module hands
    // what another needs to it as a callback (checkout.module.ts).
    files: ['apps/server/**/*.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          // Zones are read from the repository's root wherever ESLint runs from.
          basePath: fileURLToPath(new URL('.', import.meta.url)),
          zones: [
            ...['plugins', 'db', 'lib'].map((layer) => ({
              target: `./apps/server/src/${layer}`,
              from: ['./apps/server/src/modules', './apps/server/src/seed'],
              message: `${layer}/ must not import modules or the seed; move the shared code into lib/ or db/, or pass it in from the module.`,
            })),
            ...serverModules
              .filter((module) => module !== 'checkout')
              .map((module) => ({
                target: `./apps/server/src/modules/${module}`,
                from: './apps/server/src/modules/checkout',
                message:
                  'Only checkout places orders and no module imports it; checkout hands what a module needs to it as a callback.',
              })),
          ],
        },
      ],
    },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.js'] } } },
  },
  {
    files: ['apps/server/**/*.ts'],
    plugins: { 'import-x': importX },
    // Packages never import the server back, so the search stays inside it (a fraction of the time).
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts', '.js'] } },
      // Without these import-x reads no TypeScript file's imports, and finds no cycle at all.
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
  },
);
