import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { layering } from './eslint-rules/layering.js';

const RENDERER_TIMERS = ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'];
const TIMERS_MESSAGE = 'Use createTimers() or the hooks in src-renderer/components/use-timers.ts: a timer with an owner is cancelled with it.';

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
    // Every renderer timer has an owner that cancels it (src-renderer/components/timers.ts), so none
    // fires into a view or a connection that is gone.
    files: ['src-renderer/**/*.ts', 'src-renderer/**/*.tsx'],
    // Tests wait in real time for what they check.
    ignores: ['src-renderer/components/timers.ts', 'src-renderer/**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error', ...RENDERER_TIMERS.map((name) => ({ name, message: TIMERS_MESSAGE }))],
      'no-restricted-properties': ['error', ...RENDERER_TIMERS.map((property) => ({ object: 'window', property, message: TIMERS_MESSAGE }))],
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
