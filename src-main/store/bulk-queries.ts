/**
 * Queries for bulk work on a whole mind: the synthetic-mind generator and the benchmarks. Kept
 * apart from the repositories the app uses, because they tune the connection for one-off loads
 * and read the mind by position rather than by meaning.
 */
import type { Db } from './connection';
import { stmt } from './statements';

/**
 * For a load into a fresh file nobody else has open: a crash only loses a file that is about to
 * be thrown away, so durability is traded for speed, and a large page cache keeps the indexes hot.
 */
export function tuneForBulkLoad(db: Db): void {
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -4194304');
  db.pragma('temp_store = MEMORY');
}

/**
 * The write-ahead log folded back and durable settings restored. No ANALYZE: a generated mind
 * must reach the planner in the state a real one does (statistics come from the store's own
 * `PRAGMA optimize` at open), or the benchmarks would flatter it.
 */
export function finishBulkLoad(db: Db): void {
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.pragma('synchronous = NORMAL');
}

export function countLinks(db: Db): number {
  return (stmt(db, 'SELECT count(*) AS n FROM links').get() as { n: number }).n;
}

/** Memories are numbered 1..max with no gaps (rows are never deleted; forgetting keeps a tombstone). */
export function maxMemorySeq(db: Db): number {
  return (stmt(db, 'SELECT coalesce(max(seq), 0) AS n FROM memories').get() as { n: number }).n;
}

export interface MemoryAtSeq {
  id: string;
  type: string;
  status: string;
  createdAt: number;
}

export function memoryAtSeq(db: Db, seq: number): MemoryAtSeq | null {
  return (
    (stmt(db, 'SELECT id, type, status, created_at AS createdAt FROM memories WHERE seq = ?').get(seq) as MemoryAtSeq | undefined) ??
    null
  );
}

/** The first and last instants of the journal (epoch ms), or null for an empty journal. */
export function journalSpan(db: Db): { first: number; last: number } | null {
  const row = stmt(db, 'SELECT min(at) AS first, max(at) AS last FROM journal').get() as { first: number | null; last: number | null };
  return row.first === null || row.last === null ? null : { first: row.first, last: row.last };
}
