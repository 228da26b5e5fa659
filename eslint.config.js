import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import otakuServer from './apps/server/lint/writes-tell-changes.js';

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
      'apps/server/src/db/seed/demo-data.ts',
      'apps/server/src/db/seed/first-admin.ts',
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
      'import-x/no-cycle': 'error',
    },
    // import-x 4.6 is pinned: later versions resolve through unrs-resolver, whose per-platform
    // binaries are not all on the registry, which leaves a lock file `npm ci` refuses.
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
  },
);
