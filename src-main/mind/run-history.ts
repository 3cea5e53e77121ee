/**
 * Consolidation runs as a person reviews them afterwards: each run with what it reported, newest
 * first, and a run's changeset (its journal rows) with the memory each change is about.
 */
import { z } from 'zod';
import { RUN_STATUSES, RUN_TRIGGERS } from '../../shared/consolidation-runs';
import type { RunInfo } from '../../shared/contract';
import type { MemoryRef } from '../../shared/contract/common';
import type { RunChange, RunListItem } from '../../shared/contract/runs';
import { MindError } from '../../shared/errors';
import { countJournalOfRun, countLeftByRevert, findRun, leftByRevert, listRuns, type RunRow, runChangesPage } from '../store/consolidation-runs-repo';
import type { JournalEntry } from '../store/journal-repo';
import type { Mind } from './mind';
import { iso } from './present';

/** A stored text column read back as its known value (a row written by a newer app falls back). */
function oneOf<T extends string>(values: readonly T[], value: string, fallback: T): T {
  return (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

function runInfoOf(row: RunRow): RunInfo {
  return {
    id: row.id,
    trigger: oneOf(RUN_TRIGGERS, row.trigger, 'manual'),
    provider: row.provider,
    status: oneOf(RUN_STATUSES, row.status, 'failed'),
    startedAt: iso(row.startedAt) as string,
    finishedAt: iso(row.finishedAt),
    error: row.error,
    revertedAt: iso(row.revertedAt),
  };
}

/** The most recent consolidation run, or null when the mind was never consolidated. */
export function getLastRun(mind: Mind): RunInfo | null {
  const [row] = listRuns(mind.store.db, 1);
  return row ? runInfoOf(row) : null;
}

const countOf = (stats: Record<string, unknown>, key: string): number => {
  const value = stats[key];
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;
};

function listItemOf(mind: Mind, row: RunRow): RunListItem {
  const { stats } = row;
  return {
    ...runInfoOf(row),
    counts: {
      created: countOf(stats, 'created'),
      reinforced: countOf(stats, 'reinforced'),
      contradicted: countOf(stats, 'contradicted'),
      proposals: countOf(stats, 'proposals'),
      droppedByRejection: countOf(stats, 'droppedByRejection'),
    },
    changes: countJournalOfRun(mind.store.db, row.id),
  };
}

const cursorSchema = z.tuple([z.number().int(), z.string().min(1)]);

function decodeCursor(cursor: string): { startedAt: number; id: string } {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    // An unreadable cursor is refused below like any other malformed one.
  }
  const result = cursorSchema.safeParse(parsed);
  if (!result.success) throw new MindError('invalid_input', 'That page cursor is not one this list gave out.');
  return { startedAt: result.data[0], id: result.data[1] };
}

export function listRunHistory(mind: Mind, request: { limit?: number | undefined; cursor?: string | null | undefined } = {}): { items: RunListItem[]; nextCursor: string | null } {
  const limit = request.limit ?? 50;
  const before = request.cursor ? decodeCursor(request.cursor) : null;
  const rows = listRuns(mind.store.db, limit + 1, before);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => listItemOf(mind, row)),
    nextCursor: rows.length > limit && last ? Buffer.from(JSON.stringify([last.startedAt, last.id])).toString('base64url') : null,
  };
}

export function getRunChangeset(
  mind: Mind,
  runId: string,
  request: { limit?: number | undefined; after?: number | null | undefined } = {},
): { run: RunListItem; items: RunChange[]; nextAfter: number | null; memoriesLeftByRevert: number } {
  const db = mind.store.db;
  const row = findRun(db, runId);
  if (!row) throw new MindError('not_found', `No consolidation run with id ${runId}.`, { runId });
  const limit = request.limit ?? 200;
  const rows = runChangesPage(db, runId, request.after ?? 0, limit + 1);
  const page = rows.slice(0, limit);
  // A revert from before reverts were actions keeps no record of what it left: nothing is marked.
  const action = row.revertedAt === null ? null : row.revertAction;
  const left = action === null ? new Map<string, JournalEntry>() : leftByRevert(db, runId, action, page.flatMap((change) => (change.memoryId === null ? [] : [change.memoryId])));
  return {
    run: listItemOf(mind, row),
    items: page.map(({ memory, memoryId, at, ...change }) => {
      const later = memoryId === null ? undefined : left.get(memoryId);
      return {
        ...change,
        at: iso(at) as string,
        memory: memory === null || memoryId === null ? null : { id: memoryId, ...(memory as Omit<MemoryRef, 'id'>) },
        leftByRevert: later === undefined ? null : { actor: later.actor, op: later.op, at: iso(later.at) as string },
      };
    }),
    nextAfter: rows.length > limit ? (page[page.length - 1]?.seq ?? null) : null,
    memoriesLeftByRevert: action === null ? 0 : countLeftByRevert(db, runId, action),
  };
}
