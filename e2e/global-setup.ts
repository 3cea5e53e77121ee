/**
 * Before any test: the built app and CLI must be there and newer than their sources. `npm test`
 * builds first; a person running `npx playwright test` after editing the code gets a fresh build
 * here (a few seconds) instead of tests against an old bundle.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CLI_BUNDLE } from '../bench/serve-process';
import { BUILT_MAIN, BUILT_PRELOAD, BUILT_RENDERER_INDEX, REPO_ROOT } from './support/paths';

interface Build {
  what: string;
  outputs: string[];
  sources: string[];
  command: [string, string[]];
}

const BUILDS: Build[] = [
  {
    what: 'the app (electron-vite build)',
    outputs: [BUILT_RENDERER_INDEX, BUILT_MAIN, BUILT_PRELOAD],
    sources: ['src-renderer', 'shared', 'src-main', 'electron.vite.config.ts'],
    command: [join(REPO_ROOT, 'node_modules', '.bin', 'electron-vite'), ['build']],
  },
  {
    what: 'the CLI (npm run build:cli)',
    outputs: [CLI_BUNDLE],
    sources: ['shared', 'src-main', 'scripts/build-cli.mjs'],
    command: [process.execPath, [join(REPO_ROOT, 'scripts', 'build-cli.mjs')]],
  },
];

function newestModification(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestModification(join(path, entry)));
  return newest;
}

function staleReason(build: Build): string | null {
  const missing = build.outputs.find((file) => !existsSync(file));
  if (missing !== undefined) return `${missing} is missing`;
  const built = Math.min(...build.outputs.map((file) => statSync(file).mtimeMs));
  const sources = Math.max(...build.sources.map((source) => newestModification(join(REPO_ROOT, source))));
  return sources > built ? 'the sources changed since the last build' : null;
}

// Playwright loads a global setup file through its default export.
// eslint-disable-next-line no-restricted-syntax
export default function globalSetup(): void {
  for (const build of BUILDS) {
    const reason = staleReason(build);
    if (reason === null) continue;
    console.log(`e2e: building ${build.what} first (${reason})`);
    const [command, args] = build.command;
    const result = spawnSync(command, args, { cwd: REPO_ROOT, stdio: 'inherit' });
    if (result.status !== 0 || build.outputs.some((file) => !existsSync(file))) {
      throw new Error(
        `Building ${build.what} for the end-to-end tests failed (exit ${result.status ?? result.signal}). ` +
          'Fix the build, then run the tests again.',
      );
    }
  }
}
