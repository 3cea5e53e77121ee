/**
 * Active beliefs that share any of a few words, best full-text match first: what reflection shows
 * beside a batch and compares an agent's statements with (consolidation/reflect/). One query for a
 * whole batch: the caller picks the words that tell its texts apart (few, and rare among them), so
 * the posting lists walked stay short even on a large mind.
 */
import type { Db } from './connection';
import { phrasesAnyExpression } from './fts-expression';
import { type MemoryRecord, type MemoryRow, toRecord } from './memory-record';
import { stmt } from './statements';

export function beliefsSharingWords(db: Db, words: readonly string[], limit: number, pool = 400): MemoryRecord[] {
  const cleaned = [...new Set(words.map((w) => w.toLowerCase().match(/[\p{L}\p{N}_]+/gu)?.join(' ') ?? ''))].filter((w) => w !== '');
  if (cleaned.length === 0) return [];
  const rows = stmt(
    db,
    `WITH hits AS (SELECT rowid AS seq, rank FROM memories_fts WHERE memories_fts MATCH ? ORDER BY rank LIMIT ?)
     SELECT m.* FROM hits JOIN memories m ON m.seq = hits.seq
     WHERE m.type = 'belief' AND m.status = 'active' ORDER BY hits.rank LIMIT ?`,
  ).all(phrasesAnyExpression(cleaned), pool, limit) as MemoryRow[];
  return rows.map(toRecord);
}
