/**
 * The reads behind recall's use of a conversation (migration 0013): a turn's context index (its
 * speaker, its date in words, the turns around it), where each turn stands in time, and bm25 of
 * given memories in either index. Scoring happens in the domain (mind/turn-relevance.ts).
 */
import type { MemoryType } from '../../shared/model';
import type { Db } from './connection';
import { phrasesAnyExpression } from './fts-expression';
import { type MemoryRecord, type MemoryRow, toRecord } from './memory-record';
import { typeClause } from './recall-query';
import { stmt } from './statements';

export interface ScoredSeq {
  seq: number;
  /** bm25 turned positive: higher is a better match. */
  bm25: number;
}

export type TextIndex = 'own' | 'context';

const TABLE: Record<TextIndex, string> = { own: 'memories_fts', context: 'memory_context_fts' };

/** How many turns' contexts hold a word: the cost of ranking it there (a posting-list walk, no scoring). */
export function contextWordFrequency(db: Db, word: string): number {
  return (stmt(db, 'SELECT count(*) AS n FROM memory_context_fts WHERE memory_context_fts MATCH ?').get(phrasesAnyExpression([word])) as { n: number }).n;
}

/** Whether the mind holds any conversation turn (recall skips the context passes when not). */
export function holdsTurns(db: Db): boolean {
  return stmt(db, 'SELECT 1 FROM memory_turns LIMIT 1').get() !== undefined;
}

/** Which of the words name a speaker of some turn (a question names whom it asks about). */
export function speakersAmong(db: Db, words: readonly string[]): string[] {
  return words.filter((word) => stmt(db, 'SELECT 1 FROM memory_turns WHERE speaker = ? COLLATE NOCASE LIMIT 1').get(word) !== undefined);
}

/** The `pool` turns whose context best matches any of the words. */
export function rankedContextMatches(db: Db, words: readonly string[], pool: number): ScoredSeq[] {
  return stmt(
    db,
    'SELECT rowid AS seq, -bm25(memory_context_fts) AS bm25 FROM memory_context_fts WHERE memory_context_fts MATCH ? ORDER BY rank LIMIT ?',
  ).all(phrasesAnyExpression(words), pool) as ScoredSeq[];
}

/**
 * bm25 of the given memories in one index for any of the words (those matching none are left
 * out). FTS5 walks the words' postings once and scores only the rows asked for.
 */
export function scoresOf(db: Db, index: TextIndex, words: readonly string[], seqs: readonly number[]): ScoredSeq[] {
  if (seqs.length === 0 || words.length === 0) return [];
  const table = TABLE[index];
  return stmt(
    db,
    `SELECT rowid AS seq, -bm25(${table}) AS bm25 FROM ${table} WHERE ${table} MATCH ? AND rowid IN (SELECT value FROM json_each(?))`,
  ).all(phrasesAnyExpression(words), JSON.stringify(seqs)) as ScoredSeq[];
}

/**
 * Turns said within [from, to) whose words or context match any of the words, best first; without
 * words, the first `pool` turns of the window.
 */
export function turnsInWindow(db: Db, from: number, to: number, words: readonly string[], pool: number): ScoredSeq[] {
  if (words.length === 0) {
    return stmt(db, 'SELECT seq, 0 AS bm25 FROM memory_turns WHERE at >= ? AND at < ? ORDER BY at LIMIT ?').all(from, to, pool) as ScoredSeq[];
  }
  return stmt(
    db,
    `SELECT rowid AS seq, -bm25(memory_context_fts) AS bm25 FROM memory_context_fts
     WHERE memory_context_fts MATCH ? AND rowid IN (SELECT seq FROM memory_turns WHERE at >= ? AND at < ?) ORDER BY rank LIMIT ?`,
  ).all(phrasesAnyExpression(words), from, to, pool) as ScoredSeq[];
}

export interface TurnFacts {
  at: number;
  /** Lowercased. */
  speaker: string;
}

/** When each of the given memories was said and by whom, for those that are conversation turns. */
export function turnFacts(db: Db, seqs: readonly number[]): Map<number, TurnFacts> {
  if (seqs.length === 0) return new Map();
  const rows = stmt(db, 'SELECT seq, at, lower(speaker) AS speaker FROM memory_turns WHERE seq IN (SELECT value FROM json_each(?))').all(JSON.stringify(seqs)) as ({
    seq: number;
  } & TurnFacts)[];
  return new Map(rows.map((r) => [r.seq, { at: r.at, speaker: r.speaker }]));
}

/** The given memories an agent may recall (active, of the asked types), as records. */
export function recallableRecords(db: Db, seqs: readonly number[], types: readonly MemoryType[] | null): MemoryRecord[] {
  if (seqs.length === 0) return [];
  return (
    stmt(db, `SELECT m.* FROM memories m WHERE m.seq IN (SELECT value FROM json_each(?)) AND +m.status = 'active' ${typeClause(types)}`).all(
      JSON.stringify(seqs),
    ) as MemoryRow[]
  ).map(toRecord);
}

/**
 * Plain bm25 over the memories' own words, any of them (`"a" OR "b" …`), best first, with the turn
 * each hit is: the baseline the recall benchmark measures recall against (bench/recall).
 */
export function plainBm25Turns(db: Db, words: readonly string[], limit: number): { id: string; turn: string | null }[] {
  if (words.length === 0) return [];
  return stmt(
    db,
    `WITH hits AS (SELECT rowid AS seq, rank FROM memories_fts WHERE memories_fts MATCH ? ORDER BY rank LIMIT ?)
     SELECT m.id, json_extract(m.fields, '$.source.turnId') AS turn FROM hits JOIN memories m ON m.seq = hits.seq ORDER BY hits.rank`,
  ).all(phrasesAnyExpression(words), limit) as { id: string; turn: string | null }[];
}
