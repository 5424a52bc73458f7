import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'client/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      'bench/results/**',
      '**/coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'check-file': checkFile },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
      // Files and folders are kebab-case (DESIGN.md §1).
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/http/errors.ts'],
    rules: {
      // One named factory per error (adLimitReached(), ...), all in http/errors.ts.
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='AppError']",
          message: 'Throw a named factory from http/errors.ts (add one there if it is new).',
        },
      ],
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['client/src/features/**/*.{ts,tsx}'],
    rules: {
      // Feature folders never import each other's internals: another feature's top-level
      // modules (api.ts, hooks) and its components/ are its public face (DESIGN.md §1).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*/*', '!../../**', '!../*/components/*'],
              message: 'Import another feature only through its top-level modules or its components/.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
