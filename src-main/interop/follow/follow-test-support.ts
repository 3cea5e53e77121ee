/** Test and bench support for linked sources: an empty Kernle database in Kernle's schema, and a Kernle note row. */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { writeKernleDatabase, writeKernleRows } from '../../store/kernle-writer';

const SCHEMA = fileURLToPath(new URL('../../../bench/kernle/kernle-schema.sql', import.meta.url));
export const AGENT_PROCESS = fileURLToPath(new URL('../../store/kernle-agent-process.ts', import.meta.url));
/** An Engram or Alexandria agent writing into its database (store/seed-agent-process.ts). */
export const SEED_AGENT_PROCESS = fileURLToPath(new URL('../../store/seed-agent-process.ts', import.meta.url));

export function emptyKernleDatabase(path: string): void {
  writeKernleDatabase(path, readFileSync(SCHEMA, 'utf8'), {});
}

export function kernleNote(content: string, at = new Date()): Record<string, unknown> {
  const stamp = at.toISOString();
  return { id: randomUUID(), stack_id: 'agent', content, note_type: 'observation', created_at: stamp, confidence: 0.8, local_updated_at: stamp, version: 1, deleted: 0 };
}

/** Waits (polling) until `check` holds; the test fails naming `what` after `timeoutMs`. */
export async function until(check: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Notes written into a Kernle database as its agent writes them (one transaction). */
export function writeKernleNotes(path: string, notes: readonly Record<string, unknown>[]): void {
  writeKernleRows(path, 'notes', notes);
}
