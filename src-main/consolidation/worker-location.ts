/**
 * Where the worker's module is, wherever this code runs:
 * - from TypeScript sources (vitest, tsx): `worker-from-source.mjs` beside this file, which
 *   registers tsx inside the worker and loads `worker-entry.ts`;
 * - bundled into the CLI (out/cli/mindloom.mjs): out/cli/consolidation-worker.mjs;
 * - bundled into the Electron main (out/main/main.js): out/main/consolidation-worker.js.
 * The bundles name the worker `consolidation-worker` with their own extension
 * (scripts/build-cli.mjs, electron.vite.config.ts), so "beside me, with my extension" finds it.
 */
export const WORKER_BUNDLE_NAME = 'consolidation-worker';

export function workerUrlBeside(moduleUrl: string): URL {
  const { pathname } = new URL(moduleUrl);
  if (pathname.endsWith('.ts')) return new URL('./worker-from-source.mjs', moduleUrl);
  const extension = /\.[cm]?js$/.exec(pathname)?.[0];
  if (!extension) throw new Error(`Cannot tell where the consolidation worker is from ${moduleUrl}`);
  return new URL(`./${WORKER_BUNDLE_NAME}${extension}`, moduleUrl);
}

/** The worker for the code that is running now (this module, or the bundle it was built into). */
export function defaultWorkerUrl(): URL {
  return workerUrlBeside(import.meta.url);
}
