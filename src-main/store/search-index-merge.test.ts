import { describe, expect, it } from 'vitest';
import { openStore } from './connection';
import type { Db } from './connection';
import { insertMemory } from './memories-repo';
import { searchMemoryHits } from './search-query';
import { mergeSearchIndexAfterBulkWrite } from './search-index-merge';
import { memoryRow } from './store-test-support';

const segments = (db: Db) => (db.prepare('SELECT count(DISTINCT segid) AS n FROM memories_fts_idx').get() as { n: number }).n;
const found = (db: Db, words: string) => searchMemoryHits(db, words, 100).hits.map((hit) => hit.memory.id);

describe('merging the search index after a bulk write', () => {
  it('merges only when the write brought at least half the mind, and finds the same memories after', () => {
    const store = openStore(':memory:');
    try {
      // One statement each: every insert flushes a small segment of its own.
      for (let i = 0; i < 40; i++) insertMemory(store.db, memoryRow({ id: `nt_${i}`, content: `harbor crane ${i % 2 === 0 ? 'north' : 'south'} shift ${i}` }));
      const before = segments(store.db);
      const north = found(store.db, 'harbor north');
      expect(before).toBeGreaterThan(1);
      expect(north).toHaveLength(20);

      expect(mergeSearchIndexAfterBulkWrite(store.db, 19)).toBe(false);
      expect(segments(store.db)).toBe(before);
      expect(mergeSearchIndexAfterBulkWrite(store.db, 0)).toBe(false);

      expect(mergeSearchIndexAfterBulkWrite(store.db, 20)).toBe(true);
      expect(segments(store.db)).toBe(1);
      expect(found(store.db, 'harbor north')).toEqual(north);
    } finally {
      store.close();
    }
  });
});
