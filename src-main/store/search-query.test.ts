/**
 * Search ranks exactly as it always has (bm25 over every match, its best picked for the tier boost
 * to re-rank) wherever its words' matches fit the ranking budget, and says what it returns when
 * they do not: the newest matches, best tier first. A real store with the real migrations and
 * 6,000 memories, so the budget (5,000) is crossed by real words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIER_BOOST } from '../../shared/rules/tiers';
import type { Tier } from '../../shared/model';
import { openStore, type Store } from './connection';
import { insertMemory } from './memories-repo';
import { RANKING_BUDGET, searchMemoryHits } from './search-query';
import { memoryRow } from './store-test-support';

const MEMORIES = 6_000;

/** Deterministic texts: word families of known frequency, repeated words and filler for varied bm25. */
function textOf(i: number): string {
  const words = ['omega'];
  if (i % 2 === 0) words.push(i % 7 === 0 ? 'alpha alpha' : 'alpha');
  if (i % 3 === 0) words.push('beta');
  if (i % 5 === 0) words.push(i % 11 === 0 ? 'rho rho rho' : 'rho');
  words.push(`kappa${i % 40}`);
  words.push(...Array.from({ length: (i * 13) % 9 }, (_, k) => `lorem${k}`));
  return words.join(' ');
}

/** Every tier, spread over the memories: grounded, observed, inferred, hypothesis. */
function tierFacts(i: number) {
  switch ((i * 7) % 4) {
    case 0:
      return { codeRefCount: 1, lastVerifiedAt: 5_000, reviewStatus: 'approved' as const };
    case 1:
      return { reviewStatus: 'approved' as const };
    case 2:
      return { reviewStatus: 'pending' as const };
    default:
      return {};
  }
}

let store: Store;
beforeAll(() => {
  store = openStore(':memory:');
  store.db.transaction(() => {
    for (let i = 1; i <= MEMORIES; i += 1) insertMemory(store.db, memoryRow({ id: `nt_${i}`, content: textOf(i), ...tierFacts(i) }));
  })();
});
afterAll(() => store.close());

const tierOfSeq = (seq: number): Tier => (store.db.prepare('SELECT tier FROM memories WHERE seq = ?').get(seq) as { tier: Tier }).tier;
const idOfSeq = (seq: number): string => `nt_${seq}`;

/** The ranking over every match, written out plainly: all bm25 scores, the best `pool`, re-ranked by score × tier boost. */
function exhaustiveRanking(match: string, limit: number): { id: string; score: number }[] {
  const all = store.db.prepare('SELECT rowid AS seq, bm25(memories_fts) AS bm25 FROM memories_fts WHERE memories_fts MATCH ?').all(match) as { seq: number; bm25: number }[];
  all.sort((a, b) => a.bm25 - b.bm25 || a.seq - b.seq);
  return all
    .slice(0, Math.max(200, limit * 10))
    .map((hit) => ({ seq: hit.seq, score: -hit.bm25 * TIER_BOOST[tierOfSeq(hit.seq)] }))
    .sort((a, b) => b.score - a.score || a.seq - b.seq)
    .slice(0, limit)
    .map((hit) => ({ id: idOfSeq(hit.seq), score: hit.score }));
}

/** What search promises when the words are too common to rank: the newest 2× the page (at least 100) matches, best tier first, then newest. */
function newestRanking(match: string, limit: number): { id: string; score: number }[] {
  const newest = store.db.prepare('SELECT rowid AS seq FROM memories_fts WHERE memories_fts MATCH ? ORDER BY rowid DESC').all(match) as { seq: number }[];
  return newest
    .slice(0, Math.max(100, limit * 2))
    .map((hit) => ({ seq: hit.seq, score: TIER_BOOST[tierOfSeq(hit.seq)] }))
    .sort((a, b) => b.score - a.score || b.seq - a.seq)
    .slice(0, limit)
    .map((hit) => ({ id: idOfSeq(hit.seq), score: hit.score }));
}

const matchCount = (match: string) => (store.db.prepare('SELECT count(*) AS n FROM memories_fts WHERE memories_fts MATCH ?').get(match) as { n: number }).n;
const found = (query: string, limit = 50) => {
  const page = searchMemoryHits(store.db, query, limit);
  return { ranking: page.ranking, terms: page.terms, hits: page.hits.map((hit) => ({ id: hit.memory.id, score: hit.score })) };
};

describe('search within the ranking budget', () => {
  it('returns the top 50 of the exhaustive ranking wherever the words match at most the budget', () => {
    // [query, the match expression it is, each word's matches]
    const cases: [string, string, number][] = [
      ['alpha', '"alpha"*', 3_000],
      ['beta', '"beta"*', 2_000],
      ['alpha beta', '"alpha" "beta"*', 5_000],
      ['beta rho', '"beta" "rho"*', 3_200],
      ['rh', '"rh"*', 1_200],
      ['kappa7 alpha', '"kappa7" "alpha"*', 3_150],
      ['kappa1', '"kappa1"*', 11 * 150],
    ];
    for (const [query, match, postings] of cases) {
      expect(postings, query).toBeLessThanOrEqual(RANKING_BUDGET);
      const page = found(query);
      expect(page.ranking, query).toBe('relevance');
      expect(page.hits.length, query).toBe(Math.min(50, matchCount(match)));
      expect(page.hits, query).toEqual(exhaustiveRanking(match, 50));
      expect(found(query, 7).hits, `${query}, 7`).toEqual(exhaustiveRanking(match, 7));
    }
  });
});

describe('search past the ranking budget', () => {
  it('returns the newest matches, best tier first, then newest, each scored by its tier boost', () => {
    const cases: [string, string][] = [
      ['omega', '"omega"'],
      ['alpha beta rho', '"alpha" "beta" "rho"*'],
      ['omega kappa7', '"omega" "kappa7"*'],
      ['lo', '"lo"*'],
      ['kap', '"kap"*'],
      // Past the prefix index, its words (lorem0 … lorem8) hold more than the budget: asked as those words OR-ed.
      ['lorem', '"lorem"*'],
      ['beta lorem', '"beta" "lorem"*'],
    ];
    for (const [query, match] of cases) {
      const page = found(query);
      expect(page.ranking, query).toBe('newest');
      expect(page.hits, query).toEqual(newestRanking(match, 50));
      expect(found(query, 7).hits, `${query}, 7`).toEqual(newestRanking(match, 7));
    }
  });

  it('matches a last word longer than the prefix index as itself when the word alone is past the budget, else as a prefix', () => {
    expect(found('omega').terms).toEqual([{ word: 'omega', prefix: false }]);
    expect(found('omeg').terms).toEqual([{ word: 'omeg', prefix: true }]);
    expect(found('kappa1').terms).toEqual([{ word: 'kappa1', prefix: true }]);
    // kappa10 … kappa19 are found by the prefix too.
    const families = new Set(found('kappa1', 500).hits.map((hit) => Number(hit.id.slice(3)) % 40));
    for (const family of families) expect([1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]).toContain(family);
    expect([...families].filter((family) => family >= 10).length).toBeGreaterThan(0);
    // A one-letter last word is a word: every word starting with one letter is no search.
    expect(found('alpha k').terms).toEqual([{ word: 'alpha', prefix: false }, { word: 'k', prefix: false }]);
    expect(found('alpha k').hits).toEqual([]);
  });

  it('answers nothing when a word matches nothing or the text has no words', () => {
    expect(found('alpha zebra')).toEqual({ ranking: 'relevance', terms: [{ word: 'alpha', prefix: false }, { word: 'zebra', prefix: true }], hits: [] });
    expect(found('omega zebra')).toEqual({ ranking: 'newest', terms: [{ word: 'omega', prefix: false }, { word: 'zebra', prefix: true }], hits: [] });
    expect(found('?! — …')).toEqual({ ranking: 'relevance', terms: [], hits: [] });
  });
});
