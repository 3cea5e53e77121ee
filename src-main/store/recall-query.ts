/**
 * The reads behind recall: full-text candidates ranked by bm25, nearest stored vectors, and the
 * standing values and goals a context pack falls back on. Only memories an agent may be reminded
 * of come back (active, of the asked types); scoring happens in the domain (mind/recall.ts).
 */
import type { MemoryType } from '../../shared/model';
import type { Db } from './connection';
import { phrasesAllExpression, phrasesAnyExpression } from './fts-expression';
import { type MemoryRecord, type MemoryRow, toRecord } from './memory-record';
import { stmt } from './statements';

export interface TextCandidate {
  record: MemoryRecord;
  /** bm25 turned positive: higher is a better match (FTS5's own bm25 is negative). */
  bm25: number;
}

export interface VectorCandidate {
  record: MemoryRecord;
  /** Cosine similarity, -1..1. */
  similarity: number;
}

/**
 * Type restriction as SQL: `AND m.type IN (…)`, or nothing for every type. Like the status test
 * beside it, it is written `+m.…` so it filters the few candidates: given an index to use, the
 * planner would walk every active memory of the type and probe the candidates for each.
 */
export function typeClause(types: readonly MemoryType[] | null): string {
  return types === null || types.length === 0 ? '' : `AND +m.type IN (${types.map((t) => `'${t}'`).join(', ')})`;
}

/**
 * How many memories hold a word (as the index stems it). Counting walks the word's posting list
 * without scoring it: about 40× cheaper than ranking it, so recall can choose what to rank.
 */
export function wordFrequency(db: Db, word: string): number {
  return (stmt(db, 'SELECT count(*) AS n FROM memories_fts WHERE memories_fts MATCH ?').get(phrasesAnyExpression([word])) as { n: number }).n;
}

/**
 * The `pool` best bm25 matches for any (or all) of the words among every memory, then those of
 * them an agent may recall. Ranking happens inside FTS5 on the index alone; only the pool is joined.
 */
export function rankedTextCandidates(
  db: Db,
  words: readonly string[],
  mode: 'any' | 'all',
  pool: number,
  types: readonly MemoryType[] | null,
): TextCandidate[] {
  const match = mode === 'any' ? phrasesAnyExpression(words) : phrasesAllExpression(words);
  const rows = stmt(
    db,
    `WITH hits AS (SELECT rowid AS seq, bm25(memories_fts) AS bm25 FROM memories_fts WHERE memories_fts MATCH ? ORDER BY rank LIMIT ?)
     SELECT m.*, -hits.bm25 AS text_score FROM hits JOIN memories m ON m.seq = hits.seq
     WHERE +m.status = 'active' ${typeClause(types)}`,
  ).all(match, pool) as (MemoryRow & { text_score: number })[];
  return rows.map((row) => ({ record: toRecord(row), bm25: row.text_score }));
}

/**
 * The newest `pool` memories holding a word, each with its bm25, without ranking the whole match
 * set: FTS5 walks the postings newest first and stops at the pool. For a word so common that
 * ranking all its matches would cost more than recall may spend.
 */
export function newestTextCandidates(db: Db, word: string, pool: number, types: readonly MemoryType[] | null): TextCandidate[] {
  const match = phrasesAnyExpression([word]);
  const rows = stmt(
    db,
    `WITH hits AS (SELECT rowid AS seq, bm25(memories_fts) AS bm25 FROM memories_fts WHERE memories_fts MATCH ? ORDER BY rowid DESC LIMIT ?)
     SELECT m.*, -hits.bm25 AS text_score FROM hits JOIN memories m ON m.seq = hits.seq
     WHERE +m.status = 'active' ${typeClause(types)}`,
  ).all(match, pool) as (MemoryRow & { text_score: number })[];
  return rows.map((row) => ({ record: toRecord(row), bm25: row.text_score }));
}

/** How many vectors the mind holds: a nearest-neighbour scan reads every one of them. */
export function vectorCount(db: Db): number {
  return (stmt(db, 'SELECT count(*) AS n FROM memory_vectors_rowids').get() as { n: number }).n;
}

/** The `k` stored vectors nearest a query (cosine), among the memories an agent may recall. */
export function nearestVectors(db: Db, vector: Float32Array, k: number, types: readonly MemoryType[] | null): VectorCandidate[] {
  const rows = stmt(
    db,
    `WITH near AS (SELECT rowid AS seq, distance FROM memory_vectors WHERE embedding MATCH ? AND k = ?)
     SELECT m.*, 1 - near.distance AS similarity FROM near JOIN memories m ON m.seq = near.seq
     WHERE +m.status = 'active' ${typeClause(types)}`,
  ).all(Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength), k) as (MemoryRow & { similarity: number })[];
  return rows.map((row) => ({ record: toRecord(row), similarity: row.similarity }));
}

/** How many of a type's most recently updated memories the standing ones are chosen from (bounds the cost in a huge mind). */
export const STANDING_WINDOW = 1_000;

/**
 * Active memories of one type by their `priority` field, highest first: the values and goals that
 * stand whatever the task. Goals that are done, paused or abandoned do not stand. Chosen among the
 * type's STANDING_WINDOW most recently updated: priorities live in the fields, unindexed.
 */
export function standingByPriority(db: Db, type: 'value' | 'goal', limit: number): MemoryRecord[] {
  // Goal priorities are words; values carry 0-100.
  const priority =
    type === 'goal'
      ? `CASE json_extract(fields, '$.priority') WHEN 'high' THEN 3 WHEN 'medium' THEN 2 WHEN 'low' THEN 1 ELSE 0 END`
      : `coalesce(json_extract(fields, '$.priority'), 0)`;
  const open = type === 'goal' ? `AND coalesce(json_extract(fields, '$.goalStatus'), 'active') = 'active'` : '';
  return (
    stmt(
      db,
      `SELECT * FROM (SELECT * FROM memories INDEXED BY memories_type_updated WHERE type = ? ORDER BY updated_at DESC LIMIT ?)
       WHERE status = 'active' ${open} ORDER BY ${priority} DESC, updated_at DESC LIMIT ?`,
    ).all(type, STANDING_WINDOW, limit) as MemoryRow[]
  ).map(toRecord);
}
