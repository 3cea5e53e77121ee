/** Queries behind the "needs attention" views: orphans, uncertain memories, and store counts. */
import type { Db } from './connection';
import { type MemoryRecord, type MemoryRow, recordColumns, recordFromValues, toRecord } from './memory-record';
import { countOpenContradictions } from './contradictions-repo';
import { stmt } from './statements';
import { type MemoryCounts, memoryCounts, readTallies } from './tallies-query';

/** Links that name where a memory came from (counter-evidence argues against it, so it is not one). */
const SOURCE_KINDS = `('derived_from', 'evidence', 'supersedes', 'merged_from', 'split_from')`;
const GONE = `('archived', 'forgotten')`;

/**
 * Active memories whose provenance is missing: a derived kind of source (inference, consolidation,
 * unknown) with no source link at all, or sources that are every one archived or forgotten.
 * Paged by seq. Each candidate row is checked through its own links (a few index lookups), so a
 * page costs the rows it scans, not the size of the archive: listing every link into an archived
 * or forgotten memory first took ~100 ms per page on a million-memory mind.
 */
export function orphanRecords(db: Db, afterSeq: number, limit: number): MemoryRecord[] {
  const rows = stmt(
    db,
    // `+m.status`: walk by seq (the page order) whatever the statistics say, not by a status index plus a sort.
    `SELECT m.* FROM memories m
     WHERE m.seq > ? AND +m.status = 'active' AND m.type != 'raw' AND (
       (m.source_type IN ('unknown', 'inference', 'consolidation')
         AND NOT EXISTS (SELECT 1 FROM links l WHERE l.from_seq = m.seq AND l.kind IN ${SOURCE_KINDS} AND l.voided_at IS NULL))
       OR (EXISTS (SELECT 1 FROM links l WHERE l.from_seq = m.seq AND l.kind IN ${SOURCE_KINDS} AND l.voided_at IS NULL)
         AND NOT EXISTS (SELECT 1 FROM links l JOIN memories s ON s.seq = l.to_seq
                         WHERE l.from_seq = m.seq AND l.kind IN ${SOURCE_KINDS} AND l.voided_at IS NULL AND s.status NOT IN ${GONE})))
     ORDER BY m.seq LIMIT ?`,
  ).all(afterSeq, limit) as MemoryRow[];
  return rows.map(toRecord);
}

/**
 * Active memories in ascending stored confidence, from a keyset position, below `upperBound`.
 * The caller filters on effective (decayed) confidence; the bound keeps the scan to rows that can
 * possibly qualify.
 */
export function* activeByConfidence(
  db: Db,
  after: { confidence: number; seq: number } | null,
  upperBound: number,
): Generator<MemoryRecord> {
  const rows = stmt(
    db,
    // The (status, confidence) index is the page order itself; never leave that to the statistics.
    `SELECT ${recordColumns('m')} FROM memories m INDEXED BY memories_status_confidence
     WHERE status = 'active' AND confidence < ? AND (confidence, seq) > (?, ?)
     ORDER BY confidence, seq`,
  )
    .raw()
    .iterate(upperBound, after?.confidence ?? -1, after?.seq ?? -1) as IterableIterator<unknown[]>;
  for (const values of rows) yield recordFromValues(values);
}

/**
 * The oldest creation time in the mind: bounds how far anything can have decayed. Any status
 * will do (an older bound only widens the scan a little), and it is one step down the created_at
 * index, whatever the planner's statistics say.
 */
export function oldestCreatedAt(db: Db): number | null {
  const row = stmt(db, 'SELECT min(created_at) AS at FROM memories').get() as { at: number | null };
  return row.at;
}

export interface StoreCounts extends MemoryCounts {
  openContradictions: number;
  journalEntries: number;
}

export function storeCounts(db: Db): StoreCounts {
  return {
    ...memoryCounts(readTallies(db)),
    openContradictions: countOpenContradictions(db),
    journalEntries: (stmt(db, 'SELECT count(*) AS n FROM journal').get() as { n: number }).n,
  };
}

/**
 * Folds the write-ahead log into the main file and truncates it; a no-op for in-memory minds.
 * False when it could not finish: another connection was reading, and its frames stay for now.
 */
export function truncateWriteAheadLog(db: Db): boolean {
  const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number; log: number; checkpointed: number }[];
  return result === undefined || (result.busy === 0 && result.log === result.checkpointed);
}
