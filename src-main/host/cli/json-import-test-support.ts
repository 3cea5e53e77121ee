/** Test support for the JSON import's tests: minds made by the real CLI, opened and imported into at one fixed present. */
import { join } from 'node:path';
import type { ImportOptions } from '../../interop/importer';
import { importJson } from '../../interop/json-import';
import { type Mind, openMind } from '../../mind/mind';
import { ok, runCli } from './cli-test-kit';

export const PRESENT = Date.UTC(2026, 10, 16);

/** A new mind `name` in `dir`, made by `mindloom init`; returns its path. */
export async function initMindIn(dir: string, name: string): Promise<string> {
  const path = join(dir, name);
  await ok(runCli(['init', '--mind', path]));
  return path;
}

export function withMind<T>(path: string, work: (mind: Mind) => T): T {
  const mind = openMind(path, { mustExist: true, clock: () => PRESENT });
  try {
    return work(mind);
  } finally {
    mind.close();
  }
}

export async function importInto(path: string, file: string, options: ImportOptions = {}) {
  const mind = openMind(path, { mustExist: true, clock: () => PRESENT });
  try {
    return await importJson(mind, file, options);
  } finally {
    mind.close();
  }
}
