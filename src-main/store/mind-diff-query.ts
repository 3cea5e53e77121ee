/**
 * The mind diff from the journal: which memories were added, changed, superseded, archived,
 * forgotten or reviewed in a window (from, to]. Only rows that changed a memory (those carrying
 * its version after the change) count; the window is read along the journal's `at` index.
 */
import { DIFF_CATEGORIES, type DiffCategory } from '../../shared/mind-diff';
import type { Db } from './connection';
import { stmt } from './statements';

/** Ops that file a memory under a category of their own; every other versioned change is "changed". */
const OWN_OPS = {
  superseded: ['superseded'],
  archived: ['archive'],
  forgotten: ['forget'],
  reviewed: ['approve', 'reject', 'auto_approve'],
} as const;
const ownOpsList = (ops: readonly string[]) => ops.map((op) => `'${op}'`).join(', ');
const ALL_OWN_OPS = ownOpsList(Object.values(OWN_OPS).flat());

/** A journal row's category as SQL over `j` (rows already known to carry memory_version). */
const CATEGORY_SQL: Record<DiffCategory, string> = {
  // Version 1 is the memory's first state, whatever op made it (create, promote, supersede).
  added: 'j.memory_version = 1',
  changed: `j.memory_version > 1 AND j.op NOT IN (${ALL_OWN_OPS})`,
  superseded: `j.op IN (${ownOpsList(OWN_OPS.superseded)})`,
  archived: `j.op IN (${ownOpsList(OWN_OPS.archived)})`,
  forgotten: `j.op IN (${ownOpsList(OWN_OPS.forgotten)})`,
  reviewed: `j.op IN (${ownOpsList(OWN_OPS.reviewed)})`,
};

const WINDOW_SQL = 'j.at > ? AND j.at <= ? AND j.memory_version IS NOT NULL AND j.memory_id IS NOT NULL';

export type DiffCounts = Record<DiffCategory, number>;

/** How many distinct memories each category holds in the window, in one pass over it. */
export function countDiff(db: Db, from: number, to: number): DiffCounts {
  const columns = DIFF_CATEGORIES.map((category) => `count(DISTINCT CASE WHEN ${CATEGORY_SQL[category]} THEN j.memory_id END) AS ${category}`);
  return stmt(db, `SELECT ${columns.join(', ')} FROM journal j WHERE ${WINDOW_SQL}`).get(from, to) as DiffCounts;
}

/** A memory in a category: its last change of that kind in the window. */
export interface DiffRow {
  memoryId: string;
  /** The journal row of that last change (the page's keyset). */
  seq: number;
  op: string;
  at: number;
  actor: string;
  reason: string | null;
  /** Its changes of this kind in the window. */
  events: number;
}

/** One page of a category, the most recently touched memories first; `beforeSeq` continues after a page. */
export function diffPage(db: Db, window: { from: number; to: number }, category: DiffCategory, page: { limit: number; beforeSeq?: number }): DiffRow[] {
  // SQLite takes the bare columns (op, at, actor, reason) from the row holding max(seq).
  return stmt(
    db,
    `SELECT j.memory_id AS memoryId, max(j.seq) AS seq, j.op AS op, j.at AS at, j.actor AS actor, j.reason AS reason, count(*) AS events
     FROM journal j WHERE ${WINDOW_SQL} AND ${CATEGORY_SQL[category]}
     GROUP BY j.memory_id HAVING max(j.seq) < ? ORDER BY seq DESC LIMIT ?`,
  ).all(window.from, window.to, page.beforeSeq ?? Number.MAX_SAFE_INTEGER, page.limit) as DiffRow[];
}
