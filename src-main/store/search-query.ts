/** Full-text search ranked by bm25 × tier boost. */
import { TIER_BOOST } from '../../shared/rules/tiers';
import type { Db } from './connection';
import { ftsMatchExpression, prefixAnyExpression } from './fts-expression';
import { type MemoryRecord, type MemoryRow, toRecord } from './memory-record';
import { stmt } from './statements';

export interface SearchHit {
  record: MemoryRecord;
  score: number;
  snippet: string;
}

/**
 * bm25 picks a candidate pool (FTS5 ranks it in C); the tier boost re-ranks within the pool. The
 * pool is wide (10× the page, at least 200) so a grounded memory a few bm25 places down still
 * surfaces above a hypothesis: boosts differ by at most 4×.
 */
export function searchMemoryRecords(db: Db, text: string, limit: number, mode: 'all' | 'any' = 'all'): SearchHit[] {
  const match = ftsMatchExpression(text, mode);
  if (match === null) return [];
  const boost = `CASE m.tier WHEN 'grounded' THEN ${TIER_BOOST.grounded} WHEN 'observed' THEN ${TIER_BOOST.observed}
    WHEN 'inferred' THEN ${TIER_BOOST.inferred} ELSE ${TIER_BOOST.hypothesis} END`;
  const rows = stmt(
    db,
    `WITH hits AS (
       SELECT rowid AS seq, bm25(memories_fts) AS bm25, snippet(memories_fts, 0, '[', ']', '…', 16) AS snippet
       FROM memories_fts WHERE memories_fts MATCH ? ORDER BY rank LIMIT ?)
     SELECT m.*, -hits.bm25 * ${boost} AS score, hits.snippet AS snippet
     FROM hits JOIN memories m ON m.seq = hits.seq WHERE m.status != 'forgotten'
     ORDER BY score DESC, m.seq LIMIT ?`,
  ).all(match, Math.max(200, limit * 10), limit) as (MemoryRow & { score: number; snippet: string })[];
  return rows.map((row) => ({ record: toRecord(row), score: row.score, snippet: row.snippet }));
}

/**
 * Active beliefs sharing content terms with a statement: the near neighbours a contradiction check
 * compares it with (never all pairs). Callers pass content terms, stopwords already removed.
 */
export function beliefNeighbours(
  db: Db,
  terms: readonly string[],
  limit: number,
  excludeSeq: number | null,
): MemoryRecord[] {
  const match = prefixAnyExpression(terms);
  if (match === null) return [];
  const rows = stmt(
    db,
    `SELECT m.* FROM memories_fts f JOIN memories m ON m.seq = f.rowid
     WHERE memories_fts MATCH ? AND m.type = 'belief' AND m.status = 'active' AND m.seq != ?
     ORDER BY f.rank LIMIT ?`,
  ).all(match, excludeSeq ?? -1, limit) as MemoryRow[];
  return rows.map(toRecord);
}

/**
 * Active beliefs whose text holds any of `terms` (quoted phrases allowed), by seq from a position:
 * the candidates a store-wide contradiction scan walks, in batches.
 */
export function activeBeliefsWithAnyTerm(db: Db, terms: readonly string[], afterSeq: number, limit: number): MemoryRecord[] {
  const match = terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ');
  const rows = stmt(
    db,
    `SELECT m.* FROM memories m WHERE m.seq > ? AND m.type = 'belief' AND m.status = 'active'
       AND m.seq IN (SELECT rowid FROM memories_fts WHERE memories_fts MATCH ?)
     ORDER BY m.seq LIMIT ?`,
  ).all(afterSeq, match, limit) as MemoryRow[];
  return rows.map(toRecord);
}
