/** A memory's history: every journal row about it, with the fields before and after. */
import { MindError } from '../../shared/errors';
import { type JournalEntry, journalOf } from '../store/journal-repo';
import { journalWindowOf } from '../store/timeline-query';
import { loadMemory } from './change';
import type { Mind } from './mind';
import { iso } from './present';

/** A journal row about one memory, with its times (the row's and those inside its diffs) as ISO. */
export type HistoryEntry = Omit<JournalEntry, 'seq' | 'at' | 'memoryId'> & { at: string };

/**
 * The latest `limit` changes: in the order they happened (a terminal reads down), or newest first
 * (a view shows what just changed on top).
 */
export function getHistory(mind: Mind, id: string, options: { limit?: number; newestFirst?: boolean } = {}): HistoryEntry[] {
  const limit = options.limit ?? 10_000;
  if (!Number.isInteger(limit) || limit < 1) throw new MindError('invalid_input', 'limit must be a positive whole number.');
  const newest = journalOf(mind.store.db, loadMemory(mind, id).id, limit);
  return (options.newestFirst ? newest : newest.reverse()).map(({ seq: _seq, ...row }) => presentRow(row));
}

/** A journal row with ISO times (the row's and those inside its diffs). */
function presentRow<Row extends Pick<JournalEntry, 'memoryId' | 'at' | 'before' | 'after'>>({ memoryId: _memoryId, at, before, after, ...rest }: Row) {
  return { ...rest, at: iso(at) as string, before: timesAsIso(before), after: timesAsIso(after) };
}

/** The journal stores a memory's times as it stores them (epoch ms); people read ISO. */
function timesAsIso(diff: Record<string, unknown> | null): Record<string, unknown> | null {
  if (diff === null) return null;
  return Object.fromEntries(
    Object.entries(diff).map(([key, value]) => [key, key.endsWith('At') && typeof value === 'number' ? iso(value) : value]),
  );
}

/**
 * A memory's changes as the History view reads them: newest first, written by `asOf` when given,
 * each with its seq, action and the version it made (what a revert goes back from). Accesses are
 * left out: a read changes nothing a person wrote.
 */
export function getChanges(mind: Mind, id: string, options: { asOf?: number | undefined; limit?: number | undefined } = {}) {
  const limit = options.limit ?? 500;
  if (!Number.isInteger(limit) || limit < 1) throw new MindError('invalid_input', 'limit must be a positive whole number.');
  if (options.asOf !== undefined && !Number.isFinite(options.asOf)) throw new MindError('invalid_input', 'asOf must be a valid time.');
  const window = journalWindowOf(mind.store.db, loadMemory(mind, id).id, options.asOf ?? null, limit);
  return {
    items: window.entries.reverse().map(presentRow),
    truncated: window.truncated,
  };
}
