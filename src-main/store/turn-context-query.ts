/**
 * The reads behind recall's use of a conversation (migration 0014): a turn's context index (its
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

/** How many turns hold a word, in their own words or their context: the cost of ranking it (a posting-list walk, no scoring). */
export function turnWordFrequency(db: Db, word: string): number {
  return (stmt(db, 'SELECT count(*) AS n FROM memory_turns_fts WHERE memory_turns_fts MATCH ?').get(phrasesAnyExpression([word])) as { n: number }).n;
}

/** Whether the mind holds any conversation turn (recall skips the turn passes when not). */
export function holdsTurns(db: Db): boolean {
  return stmt(db, 'SELECT 1 FROM memory_turns LIMIT 1').get() !== undefined;
}

/** Which of the words name a speaker of some turn (a question names whom it asks about). */
export function speakersAmong(db: Db, words: readonly string[]): string[] {
  return words.filter((word) => stmt(db, 'SELECT 1 FROM memory_turns WHERE speaker = ? COLLATE NOCASE LIMIT 1').get(word) !== undefined);
}

/**
 * The `pool` turns best matching any of the words, by one bm25 over their own words and their
 * context, the context's matches weighted by `contextWeight`; within a range of seqs when given
 * (FTS5 seeks a rowid range; a list of rowids it would look up one by one, each a full scan).
 */
export function rankedTurns(db: Db, words: readonly string[], contextWeight: number, pool: number, seqRange: SeqRange | null = null): ScoredSeq[] {
  const range = seqRange === null ? '' : 'AND rowid BETWEEN ? AND ?';
  const args = seqRange === null ? [] : [seqRange.first, seqRange.last];
  return stmt(
    db,
    `SELECT rowid AS seq, -bm25(memory_turns_fts, 1.0, ?) AS bm25 FROM memory_turns_fts WHERE memory_turns_fts MATCH ? ${range}
     ORDER BY bm25(memory_turns_fts, 1.0, ?) LIMIT ?`,
  ).all(contextWeight, phrasesAnyExpression(words), ...args, contextWeight, pool) as ScoredSeq[];
}

export interface SeqRange {
  first: number;
  last: number;
}

/** The first and last turn said within [from, to), or null when none was. */
export function turnSeqsBetween(db: Db, from: number, to: number): SeqRange | null {
  const row = stmt(db, 'SELECT min(seq) AS first, max(seq) AS last FROM memory_turns WHERE at >= ? AND at < ?').get(from, to) as { first: number | null; last: number | null };
  return row.first === null || row.last === null ? null : { first: row.first, last: row.last };
}

/** The newest `pool` turns a speaker said (a query that names a person and nothing else). */
export function turnsBySpeaker(db: Db, speaker: string, pool: number): number[] {
  return (stmt(db, 'SELECT seq FROM memory_turns WHERE speaker = ? COLLATE NOCASE ORDER BY seq DESC LIMIT ?').all(speaker, pool) as { seq: number }[]).map((r) => r.seq);
}

/** The first `pool` turns said within [from, to) (a query that names a time and nothing else). */
export function turnsBetween(db: Db, from: number, to: number, pool: number): number[] {
  return (stmt(db, 'SELECT seq FROM memory_turns WHERE at >= ? AND at < ? ORDER BY at LIMIT ?').all(from, to, pool) as { seq: number }[]).map((r) => r.seq);
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

/**
 * The turns said `within` turns after each of `seqs` in its conversation, with how many turns
 * after: `[from, turn, distance]`.
 */
export function turnsFollowing(db: Db, seqs: readonly number[], within: number): [number, number, number][] {
  if (seqs.length === 0) return [];
  const rows = stmt(
    db,
    `SELECT f.value AS origin, n.seq AS seq FROM json_each(?) f JOIN memory_turns t ON t.seq = f.value
     JOIN memory_turns n ON n.seq IN (SELECT seq FROM memory_turns WHERE conversation = t.conversation AND seq > t.seq ORDER BY seq LIMIT ?)
     ORDER BY f.value, n.seq`,
  ).all(JSON.stringify(seqs), within) as { origin: number; seq: number }[];
  const found: [number, number, number][] = [];
  let distance = 0;
  let last = -1;
  for (const { origin, seq } of rows) {
    distance = origin === last ? distance + 1 : 1;
    last = origin;
    found.push([origin, seq, distance]);
  }
  return found;
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
