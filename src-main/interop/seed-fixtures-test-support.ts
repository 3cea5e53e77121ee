/**
 * The seed-system fixtures: databases written by Engram's and Alexandria's own code, with the facts
 * a correct import reproduces (`fixtures/seed-systems/`, see its README).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { Mind } from '../mind/mind';
import { snapshot } from '../mind/test-support';
import type { ImportOptions, Importer, ImportSummary } from './importer';

const FOLDER = fileURLToPath(new URL('./fixtures/seed-systems/', import.meta.url));

export function seedFixture(file: string): string {
  return `${FOLDER}${file}`;
}

export function seedExpected<T>(file: string): T {
  return JSON.parse(readFileSync(seedFixture(file), 'utf8')) as T;
}

/**
 * A dry run of `path` writes nothing and says what the import then does; the import reports its
 * progress to the end; importing again adds nothing and skips all `total` records; the source and
 * its folder stay as they were (no side file beside it).
 */
export function expectImportedOnce(mind: Mind, importer: Importer, path: string, total: number): void {
  const run = (options: ImportOptions) => importer.run(mind, path, options) as ImportSummary;
  const modified = statSync(path).mtimeMs;
  const sideFiles = () => readdirSync(dirname(path)).filter((f) => f.startsWith(basename(path)));
  const before = snapshot(mind);
  const preview = run({ dryRun: true });
  expect(snapshot(mind)).toEqual(before);
  const progress: [number, number | null][] = [];
  const first = run({ onProgress: (done, of) => progress.push([done, of]) });
  expect(first).toEqual({ ...preview, dryRun: false });
  expect(Object.values(first.imported.byType).reduce((a, b) => a + b, 0)).toBe(total);
  expect([progress.at(0), progress.at(-1)]).toEqual([[0, null], [total, total]]);
  const after = snapshot(mind);
  const again = run({});
  expect(again.imported).toEqual({ byType: {}, links: 0, journal: 0 });
  expect(again.skipped).toBe(total);
  expect(snapshot(mind)).toEqual(after);
  expect(statSync(path).mtimeMs).toBe(modified);
  expect(sideFiles()).toEqual([basename(path)]);
}
