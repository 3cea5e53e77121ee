/**
 * The mind diff from the journal: the changes of a window (from, to] sorted into categories
 * (added, changed, superseded, archived, forgotten, reviewed). Only rows that changed a memory
 * (those carrying its version after the change) count. Counting is one grouped pass over the
 * `journal_at_changes` index alone (it holds every column a category needs, so no row is read); a
 * page walks `journal_at` newest first and stops after `limit` rows.
 */
import { DIFF_CATEGORIES, type DiffCategory } from '../../shared/mind-diff';
import type { Db } from './connection';
import { stmt } from './statements';

/** Ops that file a change under a category of their own; every other versioned change is "changed". */
const OWN_OPS: Record<Exclude<DiffCategory, 'added' | 'changed'>, readonly string[]> = {
  superseded: ['superseded'],
  archived: ['archive'],
  forgotten: ['forget'],
  reviewed: ['approve', 'reject', 'auto_approve'],
};
const opList = (ops: readonly string[]) => ops.map((op) => `'${op}'`).join(', ');

/** A row's category as SQL over `j`; version 1 is a memory's first state, whatever op made it (create, promote, supersede). */
const CATEGORY_CASE = `CASE WHEN j.memory_version = 1 THEN 'added'
  ${Object.entries(OWN_OPS).map(([category, ops]) => `WHEN j.op IN (${opList(ops)}) THEN '${category}'`).join(' ')}
  ELSE 'changed' END`;

/**
 * A row carrying a memory version always names its memory (the version is that memory's), so the
 * window asks for the version alone: the condition of `journal_at_changes`, which counting then reads alone.
 */
const WINDOW_SQL = 'j.at > ? AND j.at <= ? AND j.memory_version IS NOT NULL';

export type DiffCounts = Record<DiffCategory, number>;

/** How many changes of each category the window holds, in one pass over it. */
export function countDiff(db: Db, from: number, to: number): DiffCounts {
  const rows = stmt(db, `SELECT ${CATEGORY_CASE} AS category, count(*) AS n FROM journal j WHERE ${WINDOW_SQL} GROUP BY category`).all(from, to) as {
    category: DiffCategory;
    n: number;
  }[];
  const counts = Object.fromEntries(DIFF_CATEGORIES.map((category) => [category, 0])) as DiffCounts;
  for (const row of rows) counts[row.category] = row.n;
  return counts;
}

/** One change: the journal row that made it. */
export interface DiffRow {
  seq: number;
  memoryId: string;
  op: string;
  at: number;
  actor: string;
  reason: string | null;
}

/** Where a page continues: below this change, in (at, seq) order. */
export interface DiffPosition {
  at: number;
  seq: number;
}

/** One page of a category, the latest change first. */
export function diffPage(
  db: Db,
  window: { from: number; to: number },
  category: DiffCategory,
  page: { limit: number; after?: DiffPosition | undefined },
): DiffRow[] {
  const after = page.after ?? { at: window.to, seq: Number.MAX_SAFE_INTEGER };
  return stmt(
    db,
    `SELECT j.seq AS seq, j.memory_id AS memoryId, j.op AS op, j.at AS at, j.actor AS actor, j.reason AS reason
     FROM journal j INDEXED BY journal_at
     WHERE ${WINDOW_SQL} AND (${CATEGORY_CASE}) = ? AND (j.at < ? OR (j.at = ? AND j.seq < ?))
     ORDER BY j.at DESC, j.seq DESC LIMIT ?`,
  ).all(window.from, window.to, category, after.at, after.at, after.seq, page.limit) as DiffRow[];
}
