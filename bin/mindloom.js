#!/usr/bin/env node
// The `mindloom` command: runs the bundled CLI (built by `npm run build:cli`, which `npm install` runs).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundle = fileURLToPath(new URL('../out/cli/mindloom.mjs', import.meta.url));
if (!existsSync(bundle)) {
  process.stderr.write('mindloom: the CLI is not built yet; run `npm run build:cli` in the Mindloom folder.\n');
  process.exit(1);
}
const { main } = await import(bundle);
process.exitCode = await main(process.argv.slice(2));
