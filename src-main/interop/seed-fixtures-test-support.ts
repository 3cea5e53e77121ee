/**
 * The seed-system fixtures (databases written by Engram's and Alexandria's own code, with the facts
 * a correct import reproduces) live beside the repository, not in it: tests that read them are
 * skipped, saying so, where that folder is absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const FOLDER = fileURLToPath(new URL('../../../shared/fixtures/seed-systems/', import.meta.url));

export const SEED_FIXTURES_PRESENT = existsSync(FOLDER);

/** How a skipped suite names why it did not run. */
export const SEED_FIXTURES_NOTE = SEED_FIXTURES_PRESENT ? '' : ` (skipped: no seed-system fixtures at ${FOLDER})`;

export function seedFixture(file: string): string {
  return `${FOLDER}${file}`;
}

export function seedExpected<T>(file: string): T {
  return JSON.parse(readFileSync(seedFixture(file), 'utf8')) as T;
}
