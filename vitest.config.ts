import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'src-main/**/*.test.ts', 'src-renderer/**/*.test.ts', 'bench/**/*.test.ts', 'eslint-rules/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    globalSetup: ['./vitest.temp-folder.ts'],
    testTimeout: 30_000,
    // The JSON report lets .ci/run print one plain 'N passed, N failed' line.
    reporters: ['default', 'json'],
    outputFile: { json: './test-results/vitest.json' },
  },
});
