/**
 * A bulk write leaves the full-text index as a heap of segments, and every search probes each of
 * them. FTS5's `optimize` merges them into one: on a freshly imported 20k mind that took a tenth
 * off a search. It rewrites the whole index, though, so it runs only after a write that brought at
 * least half the mind (a first import): then it costs a fraction of the write it follows.
 */
import type { Db } from './connection';
import { stmt } from './statements';
import { memoryCounts, readTallies } from './tallies-query';

/** Merges the index when `added` memories are at least half of the mind's; says whether it did. */
export function mergeSearchIndexAfterBulkWrite(db: Db, added: number): boolean {
  if (added === 0 || added * 2 < memoryCounts(readTallies(db)).total) return false;
  stmt(db, `INSERT INTO memories_fts(memories_fts) VALUES ('optimize')`).run();
  return true;
}
