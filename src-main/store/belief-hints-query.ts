/**
 * Active beliefs that share any of a few words, best full-text match first: what reflection shows
 * beside a batch and compares an agent's statements with (consolidation/reflect/). One query for a
 * whole batch: the caller picks the words that tell its texts apart (few, and rare among them).
 * It asks the beliefs' own index (migration 0017), so bm25 ranks only beliefs: asked of the index
 * of every memory, it would rank every episode and note with one of the words (tens of thousands
 * at 100k memories) to keep the few beliefs among them.
 */
import type { Db } from './connection';
import { phrasesAnyExpression } from './fts-expression';
import { type MemoryRecord, type MemoryRow, toRecord } from './memory-record';
import { stmt } from './statements';

export function beliefsSharingWords(db: Db, words: readonly string[], limit: number): MemoryRecord[] {
  const cleaned = [...new Set(words.map((w) => w.toLowerCase().match(/[\p{L}\p{N}_]+/gu)?.join(' ') ?? ''))].filter((w) => w !== '');
  if (cleaned.length === 0) return [];
  const rows = stmt(
    db,
    `WITH hits AS (SELECT rowid AS seq, rank FROM belief_fts WHERE belief_fts MATCH ? ORDER BY rank LIMIT ?)
     SELECT m.* FROM hits JOIN memories m ON m.seq = hits.seq ORDER BY hits.rank`,
  ).all(phrasesAnyExpression(cleaned), limit) as MemoryRow[];
  return rows.map(toRecord);
}
