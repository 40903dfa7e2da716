import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = fileURLToPath(new URL('.', import.meta.url));
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Resolves `@/…` (tsconfig paths) and `.ts` imports, so the import rules see every import. */
const resolver = createNodeResolver({
  extensions: ['.ts', '.tsx', '.mjs', '.js', '.json', '.node'],
  conditionNames: ['import', 'module', 'default', 'require'],
  alias: { '@': [`${root}src`] },
  tsconfig: { configFile: `${root}tsconfig.app.json` },
});

export default tseslint.config(
  { ignores: ['dist', '.dist-builds', 'node_modules', '.data', 'src/lib/database.types.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [resolver],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      // Imports flow one way: app -> features -> shared (components, lib, config); a feature never
      // imports another; the browser app and the server never import each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/features', from: './src/app' },
            {
              target: ['./src/components', './src/lib', './src/config'],
              from: ['./src/features', './src/app'],
            },
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message:
                'A feature never imports another feature: move what both need to src/lib or src/components.',
            })),
            { target: './src', from: './server' },
            { target: './server', from: './src' },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The browser app's schemas use zod/mini: classic zod's chained API would add ~11 KB gzip to a page.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        ...['zod', 'zod/v4'].map((name) => ({
          name,
          message: "Write the schema with 'zod/mini' (z.string().check(z.minLength(1)), z.nullable(...)).",
        })),
      ],
    },
  },
);
