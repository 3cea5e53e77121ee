/** The neighbour search returns what comparing every pair would, without comparing every pair. */
import { describe, expect, it } from 'vitest';
import { SimilarityIndex } from './similarity-index';
import { cosine, type SparseVector, sparseFrom } from './vector-math';

/** A small deterministic generator (a linear congruential one is plenty for test data). */
function numbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function randomSparse(next: () => number, features: number, per: number): SparseVector {
  const weights = new Map<number, number>();
  while (weights.size < per) weights.set(Math.floor(next() * features), 0.1 + next());
  return sparseFrom(weights);
}

describe('similarity index (sparse)', () => {
  const next = numbers(7);
  const vectors = Array.from({ length: 80 }, () => randomSparse(next, 60, 6));
  const index = new SimilarityIndex();
  for (const v of vectors) index.add(v, []);
  const brute = (query: SparseVector, min: number) =>
    vectors
      .map((v, slot) => ({ slot, score: cosine(query, v) }))
      .filter((n) => n.score >= min)
      .sort((a, b) => b.score - a.score || a.slot - b.slot);

  it('finds exactly the items at or above the threshold, best first', () => {
    for (const query of vectors.slice(0, 20)) {
      for (const min of [0.05, 0.2, 0.5]) {
        const found = index.near(query, [], min);
        expect(found.map((n) => n.slot)).toEqual(brute(query, min).map((n) => n.slot));
        found.forEach((n, i) => expect(n.score).toBeCloseTo(brute(query, min)[i]?.score ?? -1, 6));
      }
    }
  });

  it('keeps the best few when asked, and honours the filter', () => {
    for (const query of vectors.slice(20, 40)) {
      expect(index.near(query, [], 0.05, () => true, 5).map((n) => n.slot)).toEqual(brute(query, 0.05).slice(0, 5).map((n) => n.slot));
      expect(index.near(query, [], 0.05, (slot) => slot % 2 === 0).every((n) => n.slot % 2 === 0)).toBe(true);
    }
  });

  it('forgets a removed item', () => {
    const own = new SimilarityIndex();
    const slot = own.add(vectors[0] as SparseVector, []);
    own.add(vectors[1] as SparseVector, []);
    own.remove(slot);
    expect(own.near(vectors[0] as SparseVector, [], 0.01).map((n) => n.slot)).not.toContain(slot);
  });
});
