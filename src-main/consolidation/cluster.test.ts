/** Average-linkage clustering on small sets with known answers (sparse and dense vectors). */
import { describe, expect, it } from 'vitest';
import { clusterItems } from './cluster';
import { type SparseVector, sparseFrom } from './vector-math';

/** A unit vector with equal weight on each named feature (feature names are small integers). */
const on = (...features: number[]): SparseVector => sparseFrom(new Map(features.map((f) => [f, 1])));
const items = (...vectors: SparseVector[]) => vectors.map((vector) => ({ vector, terms: [] }));

describe('average-linkage clustering', () => {
  it('finds two groups, in order of their first member, and leaves the loner out', () => {
    const clusters = clusterItems(
      items(on(1, 2, 3), on(7, 8, 9), on(1, 2, 4), on(7, 8, 10), on(1, 2, 5), on(7, 8, 11), on(20, 21)),
      0.4,
    );
    expect(clusters).toEqual([
      [0, 2, 4],
      [1, 3, 5],
    ]);
  });

  it('does not chain: a–b and b–c alike, a–c not at all, is no group of three', () => {
    // cos(a, b) = cos(b, c) = 0.5, cos(a, c) = 0: joining c to {a, b} averages 0.25.
    const chain = items(on(1, 2), on(2, 3), on(3, 4));
    expect(clusterItems(chain, 0.4)).toEqual([]);
    // Single linkage would have made one cluster of them; at a threshold the average meets, there is one.
    expect(clusterItems(chain, 0.24)).toEqual([[0, 1, 2]]);
  });

  it('needs at least three members (or the minimum asked for)', () => {
    const pairs = items(on(1, 2), on(1, 2), on(5, 6), on(5, 6));
    expect(clusterItems(pairs, 0.5)).toEqual([]);
    expect(clusterItems(pairs, 0.5, { minSize: 2 })).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it('never groups two items the rules oppose, however alike', () => {
    const alike = items(on(1, 2, 3), on(1, 2, 3), on(1, 2, 3), on(1, 2, 3));
    const opposed = (a: number, b: number) => (a === 0 && b === 3) || (a === 3 && b === 0);
    const clusters = clusterItems(alike, 0.5, { opposed });
    expect(clusters).toHaveLength(1);
    const [cluster] = clusters;
    expect(cluster).toHaveLength(3);
    expect(cluster?.includes(0) && cluster.includes(3)).toBe(false);
    // Only items that take a side are asked about.
    const asked: [number, number][] = [];
    clusterItems(alike, 0.5, { opposed: (a, b) => (asked.push([a, b]), false), takesSide: (i) => i === 1 || i === 2 });
    for (const [a, b] of asked) expect([1, 2]).toEqual(expect.arrayContaining([a, b]));
  });

  it('clusters dense vectors the same way', () => {
    const dense = (x: number, y: number) => {
      const norm = Math.hypot(x, y);
      return { vector: Float32Array.from([x / norm, y / norm]), terms: [] };
    };
    const clusters = clusterItems([dense(1, 0), dense(0, 1), dense(0.99, 0.1), dense(0.1, 0.99), dense(1, 0.05), dense(0.05, 1)], 0.9);
    expect(clusters).toEqual([
      [0, 2, 4],
      [1, 3, 5],
    ]);
  });
});
