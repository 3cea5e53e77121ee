/** Where the end-to-end tests find the built app and put what they produce. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Playwright's per-test output (traces, attachments); emptied at the start of every run. */
export const E2E_OUTPUT_DIR = join(REPO_ROOT, 'test-results', 'e2e');
/** Every spec's screenshots side by side, for a person (or CI artifacts) to look through. */
export const SCREENSHOT_DIR = join(E2E_OUTPUT_DIR, 'screenshots');
export const PLAYWRIGHT_JSON = join(REPO_ROOT, 'test-results', 'playwright.json');
export const PLAYWRIGHT_REPORT = join(REPO_ROOT, 'test-results', 'playwright-report');

export const BUILT_RENDERER_INDEX = join(REPO_ROOT, 'out', 'renderer', 'index.html');
export const BUILT_MAIN = join(REPO_ROOT, 'out', 'main', 'main.js');
export const BUILT_PRELOAD = join(REPO_ROOT, 'out', 'preload', 'preload.cjs');

/**
 * Electron's binary, found the way its own package finds it (path.txt, written by its install
 * step), without loading that package: loading it tries to download the binary when it is absent.
 */
export function electronBinary(): { path: string } | { missing: string } {
  const packageDir = join(REPO_ROOT, 'node_modules', 'electron');
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) {
    return { missing: "Electron's binary is not installed here (node_modules/electron/path.txt missing)" };
  }
  const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  if (!existsSync(binary)) return { missing: `Electron's binary is not installed here (${binary} missing)` };
  return { path: binary };
}
