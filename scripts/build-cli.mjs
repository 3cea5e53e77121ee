// Bundles the CLI (src-main/host/cli) into out/cli/mindloom.mjs for the `mindloom` bin, and the
// consolidation worker it starts into out/cli/consolidation-worker.mjs beside it.
// Native and data-carrying packages stay external: better-sqlite3 and sqlite-vec load binaries
// from their own folders, and the migrations are read from the package's migrations/ folder.
// Each file is written beside its place and renamed over it: a CLI process starting while a test
// rebuilds the bundle reads the old file or the new one, never half of one.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { build } from 'esbuild';

const result = await build({
  entryPoints: {
    mindloom: 'src-main/host/cli/main.ts',
    'consolidation-worker': 'src-main/consolidation/worker-entry.ts',
  },
  outdir: 'out/cli',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: ['better-sqlite3', 'sqlite-vec', 'electron'],
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
  write: false,
});

for (const file of result.outputFiles) {
  mkdirSync(dirname(file.path), { recursive: true });
  const temporary = `${file.path}.${process.pid}.tmp`;
  writeFileSync(temporary, file.contents);
  renameSync(temporary, file.path);
}
