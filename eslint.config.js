import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/server/src/db/migrations/**', 'test-results/**', 'playwright-report/**', '.dependency-cruiser.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Named exports only (ENGINEERING.md §6), except config files that tools load by default export.
      'no-restricted-syntax': 'off',
    },
  },
  {
    // The public booking and business card pages have their own small bundles (scripts/check-book-bundle.ts, check-card-bundle.ts):
    // no UI library, no i18next, and only types from the contract (its runtime brings zod along).
    files: ['apps/web/src/book/**/*.{ts,tsx}', 'apps/web/src/shared/booking/**/*.{ts,tsx}', 'apps/web/src/card/**/*.{ts,tsx}', 'apps/web/src/unsubscribe/**/*.{ts,tsx}', 'apps/web/src/shared/public-page/**/*.{ts,tsx}', 'apps/web/src/shared/business-card/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@lodestar/contract', allowTypeImports: true, message: 'Type imports only: the contract runtime would add zod to the booking page bundle.' },
            { name: 'antd', message: 'The booking page bundle has no UI library.' },
            { name: 'i18next', message: 'The booking page uses its own small translator (book-i18n.ts).' },
            { name: 'react-i18next', message: 'The booking page uses its own small translator (book-i18n.ts).' },
            { name: '@tanstack/react-query', message: 'Not in the booking page bundle.' },
            { name: 'dayjs', message: 'Not in the booking page bundle: use Intl.' },
          ],
          patterns: [{ group: ['antd/*', '@ant-design/*'], message: 'The booking page bundle has no UI library.' }],
        },
      ],
    },
  },
  {
    // The public business card page goes further: no React either (react-dom alone is over its 60 KB budget).
    files: ['apps/web/src/card/**/*.ts', 'apps/web/src/unsubscribe/**/*.ts', 'apps/web/src/shared/business-card/**/*.ts', 'apps/web/src/shared/public-page/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@lodestar/contract', allowTypeImports: true, message: 'Type imports only: the contract runtime would add zod to the card page bundle.' },
            { name: 'react', message: 'The card page bundle has no React (plain DOM, shared/business-card renders HTML).' },
            { name: 'react-dom', message: 'The card page bundle has no React.' },
            { name: 'react-dom/client', message: 'The card page bundle has no React.' },
          ],
          patterns: [{ group: ['antd', 'antd/*', '@ant-design/*', 'i18next', 'react-i18next'], message: 'The card page bundle has no UI library and no i18next.' }],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly', fetch: 'readonly', FormData: 'readonly', localStorage: 'readonly' } },
  },
);
