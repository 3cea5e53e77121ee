/**
 * The one path by which an existing memory changes: check the version, write the new state, and
 * journal exactly what changed. Callers run it inside their operation's transaction.
 */
import { MindError } from '../../shared/errors';
import type { Mind } from './mind';
import { findMemoryById, updateMemory } from '../store/memories-repo';
import { findMemoryByOrigin } from '../store/origins-repo';
import { COLUMN_OF, type MemoryPatch, type MemoryRecord } from '../store/memory-record';
import { appendJournal, type JournalEntry } from '../store/journal-repo';
import { checkActor, type WriteOptions } from './write-options';
import { presentMemory } from './present';
import { RECORD_KINDS } from './records';

/** Fields that change on every write and say nothing on their own. */
const UNJOURNALED = new Set(['updatedAt', 'version']);

export function loadMemory(mind: Mind, id: string): MemoryRecord {
  if (typeof id !== 'string' || id.trim() === '') throw new MindError('invalid_input', 'A memory id is required.');
  const record = findMemoryById(mind.store.db, id) ?? findImportedMemory(mind, id);
  if (!record) throw new MindError('not_found', `No memory with id ${id}.`, { id });
  return record;
}

/**
 * An imported memory is also reachable by its origin id, `system:original id` (`kernle:UUID`): a
 * Mindloom id never holds a colon, so the two cannot be confused.
 */
function findImportedMemory(mind: Mind, originId: string): MemoryRecord | null {
  const colon = originId.indexOf(':');
  if (colon <= 0 || colon === originId.length - 1) return null;
  return findMemoryByOrigin(mind.store.db, originId.slice(0, colon), originId.slice(colon + 1));
}

/** Loads a memory that may still change: it exists and has not been forgotten. */
export function loadWritable(mind: Mind, id: string, options: WriteOptions): MemoryRecord {
  checkActor(options.actor);
  const record = loadMemory(mind, id);
  if (record.status === 'forgotten') {
    throw new MindError('invalid_state', `${id} was forgotten; it can no longer change.`, { id });
  }
  if (options.expectedVersion !== undefined && options.expectedVersion !== record.version) {
    throw new MindError(
      'version_conflict',
      `${id} changed since you saw it (you saw version ${options.expectedVersion}, it is now version ${record.version}). Reload and apply your change again.`,
      { id, expectedVersion: options.expectedVersion, actualVersion: record.version, current: presentMemory(record) },
    );
  }
  return record;
}

export interface ChangeJournal {
  op: string;
  options: WriteOptions;
  evidence?: unknown;
  /** Extra facts for the journal's `after` (e.g. a link made alongside). */
  note?: Record<string, unknown>;
}

export function applyChange(mind: Mind, current: MemoryRecord, patch: MemoryPatch, journal: ChangeJournal): MemoryRecord {
  const at = mind.now();
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const key of Object.keys(patch) as (keyof MemoryPatch)[]) {
    const value = patch[key];
    if (value === undefined || UNJOURNALED.has(key)) continue;
    const old = current[key as keyof MemoryRecord];
    if (JSON.stringify(old) !== JSON.stringify(value)) {
      before[key] = old;
      after[key] = value;
    }
  }
  updateMemory(mind.store.db, current.seq, { ...patch, updatedAt: at, version: current.version + 1 });
  appendJournal(mind.store.db, {
    at,
    actor: journal.options.actor,
    op: journal.op,
    memoryId: current.id,
    runId: journal.options.runId ?? null,
    before,
    after: journal.note ? { ...after, ...journal.note } : after,
    confidenceBefore: current.confidence,
    confidenceAfter: patch.confidence ?? current.confidence,
    reason: journal.options.reason ?? null,
    evidence: journal.evidence,
    memoryVersion: current.version + 1,
  });
  return findMemoryById(mind.store.db, current.id) as MemoryRecord;
}

/**
 * What a memory's fields were before a series of its journal rows (each field at its value before
 * its first change there), where that differs from now: the patch that takes the series back.
 */
export function priorValues(current: MemoryRecord, rows: readonly JournalEntry[]): MemoryPatch {
  const prior: Record<string, unknown> = {};
  for (const row of rows) {
    if (!describesMemory(row)) continue;
    for (const [key, value] of Object.entries(row.before ?? {})) if (!(key in prior) && key in COLUMN_OF) prior[key] = value;
  }
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(prior)) {
    if (JSON.stringify(current[key as keyof MemoryRecord]) !== JSON.stringify(value)) patch[key] = value;
  }
  return patch as MemoryPatch;
}

/**
 * Whether a row's before/after are its memory's fields. A row that changed the memory carries the
 * version it made; one that changed a record (a contradiction, rejection, proposal) names that
 * record in its `after` instead. Rows from before versions were journaled are judged by that name.
 */
export function describesMemory(row: JournalEntry): boolean {
  if (row.memoryId === null) return false;
  if (row.memoryVersion !== null) return true;
  return !RECORD_KINDS.some((kind) => row.after?.[kind] !== undefined);
}
