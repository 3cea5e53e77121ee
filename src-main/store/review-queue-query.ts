/**
 * The review queue's memories in priority order: (1 + evidence) × confidence, highest first, then
 * the oldest first; keyset-paged on that order over the `memories_review_queue` partial index.
 */
import type { MemoryType } from '../../shared/model';
import type { Db } from './connection';
import { type MemoryRecord, type MemoryRow, toRecord } from './memory-record';
import { stmt } from './statements';

/** The priority expression, exactly as the index has it. */
export const PRIORITY_SQL = '(1 + event_evidence_count) * confidence';

export interface QueueRow {
  record: MemoryRecord;
  priority: number;
}

/** After (priority, createdAt, seq): `seq` -1 starts at the first memory of that priority and time. */
export function pendingQueuePage(db: Db, after: { priority: number; createdAt: number; seq: number } | null, limit: number): QueueRow[] {
  const rows = (
    after === null
      ? stmt(
          db,
          `SELECT m.*, ${PRIORITY_SQL} AS priority FROM memories m INDEXED BY memories_review_queue
           WHERE review_status = 'pending' AND status = 'active'
           ORDER BY ${PRIORITY_SQL} DESC, created_at, seq LIMIT ?`,
        ).all(limit)
      : stmt(
          db,
          `SELECT m.*, ${PRIORITY_SQL} AS priority FROM memories m INDEXED BY memories_review_queue
           WHERE review_status = 'pending' AND status = 'active'
             AND (${PRIORITY_SQL} < ? OR (${PRIORITY_SQL} = ? AND (created_at, seq) > (?, ?)))
           ORDER BY ${PRIORITY_SQL} DESC, created_at, seq LIMIT ?`,
        ).all(after.priority, after.priority, after.createdAt, after.seq, limit)
  ) as (MemoryRow & { priority: number })[];
  return rows.map((row) => ({ record: toRecord(row), priority: row.priority }));
}

/** The journal row that created a memory: why it exists (a revision, a split, a merge, a new thought). */
export function creationRowOf(db: Db, memoryId: string): { op: string; after: string | null; actor: string; reason: string | null } | null {
  return (
    (stmt(db, 'SELECT op, after, actor, reason FROM journal WHERE memory_id = ? ORDER BY seq LIMIT 1').get(memoryId) as
      | { op: string; after: string | null; actor: string; reason: string | null }
      | undefined) ?? null
  );
}

/** What a memory was derived from, counted by type (standing links only), the most frequent type first. */
export function derivedFromByType(db: Db, seq: number): { type: MemoryType; count: number }[] {
  return stmt(
    db,
    `SELECT m.type AS type, count(*) AS count FROM links l JOIN memories m ON m.seq = l.to_seq
     WHERE l.from_seq = ? AND l.kind = 'derived_from' AND l.voided_at IS NULL
     GROUP BY m.type ORDER BY count DESC, m.type`,
  ).all(seq) as { type: MemoryType; count: number }[];
}
