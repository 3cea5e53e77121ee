import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { layering } from './eslint-rules/layering.js';

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'dist/', 'bench/.cache/', 'bench/results/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { mindloom: { rules: { layering } } },
    rules: {
      'mindloom/layering': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use explicit named exports.' },
      ],
    },
  },
  {
    // Config files are read by their tools, which expect a default export.
    files: ['*.config.ts', '*.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
