/**
 * Clustering of new episodes (the seed's step 2): cosine ≥ the embedder's cluster threshold,
 * at least MIN_CLUSTER_SIZE members. Greedy and deterministic: the episode with the most
 * neighbours seeds a cluster of itself and its still-unassigned neighbours, so every member is
 * within the threshold of the seed (no chaining through intermediate episodes, unlike single
 * linkage). Groups smaller than the minimum make nothing.
 */
import { SimilarityIndex } from './similarity-index';

export const MIN_CLUSTER_SIZE = 3;

export interface ClusterItem {
  vector: Float32Array;
  terms: readonly string[];
}

/** Clusters as lists of item indexes (ascending), ordered by their first member. */
export function clusterItems(items: readonly ClusterItem[], threshold: number, minSize = MIN_CLUSTER_SIZE): number[][] {
  const index = new SimilarityIndex();
  for (const item of items) index.add(item.vector, item.terms);
  const neighbours = items.map((item, self) =>
    index.near(item.vector, item.terms, threshold, (slot) => slot !== self).map((n) => n.slot),
  );
  const order = items.map((_, i) => i).sort((a, b) => (neighbours[b]?.length ?? 0) - (neighbours[a]?.length ?? 0) || a - b);
  const assigned = new Uint8Array(items.length);
  const clusters: number[][] = [];
  for (const seed of order) {
    if (assigned[seed] === 1) continue;
    const members = [seed, ...(neighbours[seed] ?? []).filter((n) => assigned[n] === 0)];
    if (members.length < minSize) continue;
    for (const member of members) assigned[member] = 1;
    clusters.push(members.sort((a, b) => a - b));
  }
  return clusters.sort((a, b) => (a[0] as number) - (b[0] as number));
}
