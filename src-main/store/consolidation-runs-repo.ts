/** Consolidation runs: one row per run; its actions are the journal rows carrying its id. */
import type { Db } from './connection';
import { type JournalEntry, type JournalRow, journalEntryOf } from './journal-repo';
import { selectColumns } from './schema-columns';
import { consolidationRuns } from './schema';
import { stmt } from './statements';

export interface RunRow {
  id: string;
  trigger: string;
  provider: string;
  status: string;
  startedAt: number;
  finishedAt: number | null;
  budgetUsed: Record<string, unknown>;
  stats: Record<string, unknown>;
  error: string | null;
  revertedAt: number | null;
  /** The action of the revert that stands (schema.ts). */
  revertAction: number | null;
  ownerHost: string | null;
  ownerPid: number | null;
  ownerStart: string | null;
  heartbeatAt: number | null;
}

/** The process that holds a run (its lease), as stored on the run's row. */
export interface RunOwnerColumns {
  ownerHost: string;
  ownerPid: number;
  ownerStart: string | null;
}

export function insertRun(
  db: Db,
  run: { id: string; trigger: string; provider: string; status: string; startedAt: number } & RunOwnerColumns,
): void {
  stmt(
    db,
    `INSERT INTO consolidation_runs (id, trigger, provider, status, started_at, owner_host, owner_pid, owner_start, heartbeat_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(run.id, run.trigger, run.provider, run.status, run.startedAt, run.ownerHost, run.ownerPid, run.ownerStart, run.startedAt);
}

/** The lease's sign of life: the owner is still working on the run. */
export function beatRun(db: Db, id: string, at: number): void {
  stmt(db, `UPDATE consolidation_runs SET heartbeat_at = ? WHERE id = ? AND status = 'running'`).run(at, id);
}

export function finishRun(
  db: Db,
  id: string,
  end: { status: string; finishedAt: number; budgetUsed: Record<string, unknown>; stats: Record<string, unknown>; error: string | null },
): void {
  stmt(db, 'UPDATE consolidation_runs SET status = ?, finished_at = ?, budget_used = ?, stats = ?, error = ? WHERE id = ?').run(
    end.status,
    end.finishedAt,
    JSON.stringify(end.budgetUsed),
    JSON.stringify(end.stats),
    end.error,
    id,
  );
}

/** Marks a run reverted at `at` by the revert `action`, or (nulls) no longer reverted: its revert was undone. */
export function markRunReverted(db: Db, id: string, revert: { at: number | null; action: number | null }): void {
  stmt(db, 'UPDATE consolidation_runs SET reverted_at = ?, revert_action = ? WHERE id = ?').run(revert.at, revert.action, id);
}

type StoredRun = typeof consolidationRuns.$inferSelect;
const RUN_COLUMNS = selectColumns(consolidationRuns);

function toRun(row: StoredRun): RunRow {
  return {
    ...row,
    budgetUsed: JSON.parse(row.budgetUsed) as Record<string, unknown>,
    stats: JSON.parse(row.stats) as Record<string, unknown>,
  };
}

export function findRun(db: Db, id: string): RunRow | null {
  const row = stmt(db, `SELECT ${RUN_COLUMNS} FROM consolidation_runs WHERE id = ?`).get(id) as StoredRun | undefined;
  return row ? toRun(row) : null;
}

/** Runs whose row says `running` (the partial index keeps this one step, however many runs a mind has had). */
export function runningRuns(db: Db): RunRow[] {
  return (stmt(db, `SELECT ${RUN_COLUMNS} FROM consolidation_runs WHERE status = 'running' ORDER BY started_at`).all() as StoredRun[]).map(toRun);
}

/** What a run committed, counted by journal op, and when it last wrote. */
export function runJournalTally(db: Db, runId: string): { byOp: Record<string, number>; total: number; lastAt: number | null } {
  const rows = stmt(db, 'SELECT op, count(*) AS n, max(at) AS lastAt FROM journal WHERE run_id = ? GROUP BY op').all(runId) as {
    op: string;
    n: number;
    lastAt: number;
  }[];
  return {
    byOp: Object.fromEntries(rows.map((r) => [r.op, r.n])),
    total: rows.reduce((sum, r) => sum + r.n, 0),
    lastAt: rows.length === 0 ? null : Math.max(...rows.map((r) => r.lastAt)),
  };
}

/** How many journal rows a run wrote: counted on the run index alone, however many a run wrote. */
export function countJournalOfRun(db: Db, runId: string): number {
  return (stmt(db, 'SELECT count(*) AS n FROM journal WHERE run_id = ?').get(runId) as { n: number }).n;
}

/** Most recent first; with `before`, the runs that come after that one in this order (a page's last). */
export function listRuns(db: Db, limit: number, before: { startedAt: number; id: string } | null = null): RunRow[] {
  const rows = stmt(
    db,
    `SELECT ${RUN_COLUMNS} FROM consolidation_runs WHERE @id IS NULL OR (started_at, id) < (@startedAt, @id)
     ORDER BY started_at DESC, id DESC LIMIT @limit`,
  ).all({ limit, startedAt: before?.startedAt ?? null, id: before?.id ?? null }) as StoredRun[];
  return rows.map(toRun);
}

/** Every journal row a run wrote (including proposals of the run applied later), oldest first. */
export function journalOfRun(db: Db, runId: string): JournalEntry[] {
  return (stmt(db, 'SELECT * FROM journal WHERE run_id = ? ORDER BY seq').all(runId) as JournalRow[]).map(journalEntryOf);
}

/** One change of a run as its history lists it, with the memory it touched as that memory stands now. */
export interface RunChangeRow {
  seq: number;
  at: number;
  op: string;
  memoryId: string | null;
  confidenceBefore: number | null;
  confidenceAfter: number | null;
  reason: string | null;
  memory: { type: string; content: string; status: string } | null;
}

/**
 * A page of a run's changes after `afterSeq`, oldest first: one statement with the memories joined,
 * and none of the journal's before/after bags (the history does not show them).
 */
export function runChangesPage(db: Db, runId: string, afterSeq: number, limit: number): RunChangeRow[] {
  const rows = stmt(
    db,
    `SELECT j.seq, j.at, j.op, j.memory_id AS memoryId, j.confidence_before AS confidenceBefore, j.confidence_after AS confidenceAfter,
       j.reason, m.type, m.content, m.status
     FROM journal j LEFT JOIN memories m ON m.id = j.memory_id
     WHERE j.run_id = ? AND j.seq > ? ORDER BY j.seq LIMIT ?`,
  ).all(runId, afterSeq, limit) as (Omit<RunChangeRow, 'memory'> & { type: string | null; content: string; status: string })[];
  return rows.map(({ type, content, status, ...change }) => ({ ...change, memory: type === null ? null : { type, content, status } }));
}

/** How many memories the run changed that its standing revert (`action`) left as they were. */
export function countLeftByRevert(db: Db, runId: string, action: number): number {
  return (
    stmt(
      db,
      `SELECT count(DISTINCT memory_id) AS n FROM journal WHERE run_id = @runId AND memory_id IS NOT NULL
       AND memory_id NOT IN (SELECT memory_id FROM journal WHERE action_id = @action AND op = 'revert' AND memory_id IS NOT NULL)`,
    ).get({ runId, action }) as { n: number }
  ).n;
}

/**
 * Of `memoryIds` (memories the run changed), those its standing revert (`action`) left as they
 * were, each with the change since the run that kept the revert away from it.
 */
export function leftByRevert(db: Db, runId: string, action: number, memoryIds: readonly string[]): Map<string, JournalEntry> {
  const reverted = new Set(
    (
      stmt(
        db,
        `SELECT memory_id AS id FROM journal WHERE memory_id IN (SELECT value FROM json_each(@ids)) AND op = 'revert' AND action_id = @action`,
      ).all({ ids: JSON.stringify(memoryIds), action }) as { id: string }[]
    ).map((row) => row.id),
  );
  const left = new Map<string, JournalEntry>();
  for (const memoryId of new Set(memoryIds)) {
    if (reverted.has(memoryId)) continue;
    const first = stmt(db, 'SELECT min(seq) AS seq FROM journal WHERE memory_id = ? AND run_id = ?').get(memoryId, runId) as { seq: number | null };
    const later = first.seq === null ? null : firstChangeOutsideRun(db, memoryId, first.seq, runId);
    if (later) left.set(memoryId, later);
  }
  return left;
}

/**
 * The first change to a memory after `afterSeq` that belongs neither to the run nor to an earlier
 * revert of it (a recall's access is no change: it leaves what the run wrote alone, as for undo): the actions of such a revert (its `revert` row names the run) and of the undos and
 * redos chained to it (their `undo` rows name the action they undo) are left out. A run is reverted
 * only while it stands unreverted, so each such chain ended on the undo that put the memory back as
 * the run left it (an undo is refused once the memory moved on): together they changed nothing.
 */
export function firstChangeOutsideRun(db: Db, memoryId: string, afterSeq: number, runId: string): JournalEntry | null {
  const row = stmt(
    db,
    `WITH RECURSIVE later AS (
       SELECT coalesce(action_id, seq) AS action, op, after FROM journal
       WHERE memory_id = @memoryId AND seq > @afterSeq AND op IN ('revert', 'undo')
     ), chain(action) AS (
       SELECT action FROM later WHERE op = 'revert' AND json_extract(after, '$.revertedRun') = @runId
       UNION
       SELECT later.action FROM later JOIN chain ON json_extract(later.after, '$.undoes') = chain.action
     )
     SELECT * FROM journal WHERE memory_id = @memoryId AND seq > @afterSeq AND (run_id IS NULL OR run_id != @runId) AND op != 'access'
       AND coalesce(action_id, seq) NOT IN chain ORDER BY seq LIMIT 1`,
  ).get({ memoryId, afterSeq, runId }) as JournalRow | undefined;
  return row ? journalEntryOf(row) : null;
}
