/**
 * Clustering of new episodes (the seed's step 2) by average linkage: every episode starts alone,
 * and the two groups whose members are most alike on average (mean cosine over every pair across
 * them) merge, until no two groups are alike above the embedder's cluster threshold; groups of at
 * least MIN_CLUSTER_SIZE are clusters. An average cannot be carried by one link, so unrelated
 * episodes are not chained together through a middle one (as single linkage does), and a group
 * only grows by what it has in common as a whole.
 *
 * Pairs are found through the similarity index (not every pair is compared): pairs under half the
 * threshold, or beyond an item's NEIGHBOURS best, count as unrelated (0) in the averages.
 * Two episodes the contradiction rules oppose ("always squash" / "never squash") are never put in
 * one group, however alike their words: that is what a merge of their groups would hide.
 */
import { SimilarityIndex } from './similarity-index';
import type { Vector } from './vector-math';

export const MIN_CLUSTER_SIZE = 3;
/** Pairs kept per item: enough for any group an item could join, bounded for large batches. */
const NEIGHBOURS = 50;

export interface ClusterItem {
  vector: Vector;
  terms: readonly string[];
}

export interface ClusterOptions {
  minSize?: number;
  /** Whether two items must not share a group. */
  opposed?: (a: number, b: number) => boolean;
}

interface Group {
  members: number[];
  /** Summed similarity to each linked group, by group id. */
  links: Map<number, number>;
  alive: boolean;
  version: number;
}

interface Candidate {
  average: number;
  a: number;
  b: number;
  versionA: number;
  versionB: number;
  /** Tie-break: the smaller first member of the two groups. */
  order: number;
}

/** Clusters as lists of item indexes (ascending), ordered by their first member. */
export function clusterItems(items: readonly ClusterItem[], threshold: number, options: ClusterOptions = {}): number[][] {
  const minSize = options.minSize ?? MIN_CLUSTER_SIZE;
  const groups: Group[] = items.map((_, i) => ({ members: [i], links: new Map(), alive: true, version: 0 }));
  const index = new SimilarityIndex();
  for (const item of items) index.add(item.vector, item.terms);
  items.forEach((item, i) => {
    for (const { slot, score } of index.near(item.vector, item.terms, threshold / 2, (slot) => slot !== i).slice(0, NEIGHBOURS)) {
      // Symmetric: the pair may be among i's best and not among slot's.
      (groups[i] as Group).links.set(slot, score);
      (groups[slot] as Group).links.set(i, score);
    }
  });
  const heap = new CandidateHeap();
  const offer = (a: number, b: number) => {
    const ga = groups[a] as Group;
    const gb = groups[b] as Group;
    const average = (ga.links.get(b) ?? 0) / (ga.members.length * gb.members.length);
    if (average < threshold) return;
    heap.push({ average, a, b, versionA: ga.version, versionB: gb.version, order: Math.min(ga.members[0] as number, gb.members[0] as number) });
  };
  groups.forEach((group, a) => {
    for (const b of group.links.keys()) if (a < b) offer(a, b);
  });
  const opposed = options.opposed;
  for (let next = heap.pop(); next !== undefined; next = heap.pop()) {
    const ga = groups[next.a] as Group;
    const gb = groups[next.b] as Group;
    if (!ga.alive || !gb.alive || ga.version !== next.versionA || gb.version !== next.versionB) continue;
    if (opposed && ga.members.some((x) => gb.members.some((y) => opposed(x, y)))) continue;
    merge(groups, next.a, next.b);
    for (const other of ga.links.keys()) offer(next.a, other);
  }
  return groups
    .filter((g) => g.alive && g.members.length >= minSize)
    .map((g) => [...g.members].sort((x, y) => x - y))
    .sort((x, y) => (x[0] as number) - (y[0] as number));
}

/** Folds group b into a: members, and the summed links of both (every neighbour's view updated). */
function merge(groups: Group[], a: number, b: number): void {
  const ga = groups[a] as Group;
  const gb = groups[b] as Group;
  ga.members.push(...gb.members);
  ga.links.delete(b);
  for (const [other, sum] of gb.links) {
    if (other === a) continue;
    ga.links.set(other, (ga.links.get(other) ?? 0) + sum);
    const go = groups[other] as Group;
    go.links.set(a, (go.links.get(a) ?? 0) + sum);
    go.links.delete(b);
  }
  gb.alive = false;
  gb.links.clear();
  ga.version += 1;
}

/** A binary max-heap of merge candidates: highest average first, then the lower first member. */
class CandidateHeap {
  private readonly items: Candidate[] = [];

  push(candidate: Candidate): void {
    const items = this.items;
    items.push(candidate);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(items[i] as Candidate, items[parent] as Candidate)) break;
      [items[i], items[parent]] = [items[parent] as Candidate, items[i] as Candidate];
      i = parent;
    }
  }

  pop(): Candidate | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last !== undefined) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let best = i;
        if (left < items.length && before(items[left] as Candidate, items[best] as Candidate)) best = left;
        if (right < items.length && before(items[right] as Candidate, items[best] as Candidate)) best = right;
        if (best === i) break;
        [items[i], items[best]] = [items[best] as Candidate, items[i] as Candidate];
        i = best;
      }
    }
    return top;
  }
}

const before = (x: Candidate, y: Candidate) => x.average > y.average || (x.average === y.average && x.order < y.order);
