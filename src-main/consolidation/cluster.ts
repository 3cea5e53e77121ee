/**
 * Clustering of new episodes (the seed's step 2) by average linkage: every episode starts alone,
 * and the two groups whose members are most alike on average (mean cosine over every pair across
 * them) merge, until no two groups are alike above the embedder's cluster threshold; groups of at
 * least MIN_CLUSTER_SIZE are clusters. An average cannot be carried by one link, so unrelated
 * episodes are not chained together through a middle one (as single linkage does), and a group
 * only grows by what it has in common as a whole.
 *
 * Pairs are found through the similarity index (not every pair is compared): pairs under half the
 * threshold, or beyond an item's NEIGHBOURS best, count as unrelated (0) in the averages, and so
 * does a link between two groups once its average falls under half the threshold (merging only
 * mixes averages, so it could only come back above the threshold through another link that is).
 * Two episodes the contradiction rules oppose ("always squash" / "never squash") are never put in
 * one group, however alike their words: that is what a merge of their groups would hide.
 */
import { SimilarityIndex } from './similarity-index';
import type { Vector } from './vector-math';

export const MIN_CLUSTER_SIZE = 3;
/** Pairs kept per item: enough for any group an item could join, bounded for large batches. */
const NEIGHBOURS = 20;

export interface ClusterItem {
  vector: Vector;
  terms: readonly string[];
}

export interface ClusterOptions {
  minSize?: number;
  /** Whether two items must not share a group … */
  opposed?: (a: number, b: number) => boolean;
  /** … which only items that take a side can be (the others are never asked about). */
  takesSide?: (item: number) => boolean;
}

interface Group {
  members: number[];
  /** The members that take a side, the only ones `opposed` is asked about. */
  sided: number[];
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
  const takesSide = options.takesSide ?? (() => true);
  const groups: Group[] = items.map((_, i) => ({ members: [i], sided: takesSide(i) ? [i] : [], links: new Map(), alive: true, version: 0 }));
  const index = new SimilarityIndex();
  for (const item of items) index.add(item.vector, item.terms);
  items.forEach((item, i) => {
    for (const { slot, score } of index.near(item.vector, item.terms, threshold / 2, (slot) => slot !== i, NEIGHBOURS)) {
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
    if (opposed && ga.sided.some((x) => gb.sided.some((y) => opposed(x, y)))) continue;
    merge(groups, next.a, next.b, threshold / 2);
    for (const other of ga.links.keys()) offer(next.a, other);
  }
  return groups
    .filter((g) => g.alive && g.members.length >= minSize)
    .map((g) => [...g.members].sort((x, y) => x - y))
    .sort((x, y) => (x[0] as number) - (y[0] as number));
}

/** Folds group b into a: members, and the summed links of both (every neighbour's view updated). */
function merge(groups: Group[], a: number, b: number, floor: number): void {
  const ga = groups[a] as Group;
  const gb = groups[b] as Group;
  ga.members.push(...gb.members);
  ga.sided.push(...gb.sided);
  ga.links.delete(b);
  for (const [other, sum] of gb.links) {
    if (other === a) continue;
    ga.links.set(other, (ga.links.get(other) ?? 0) + sum);
    (groups[other] as Group).links.delete(b);
  }
  for (const [other, sum] of ga.links) {
    const go = groups[other] as Group;
    if (sum / (ga.members.length * go.members.length) < floor) {
      ga.links.delete(other);
      go.links.delete(a);
    } else go.links.set(a, sum);
  }
  gb.alive = false;
  gb.links.clear();
  ga.version += 1;
}

/**
 * A binary max-heap of merge candidates, highest average first, then the lower first member: held
 * in typed arrays, since a large batch pushes millions of them.
 */
class CandidateHeap {
  private size = 0;
  private averages = new Float64Array(1024);
  /** Per entry: a, b, versionA, versionB, order. */
  private fields = new Int32Array(1024 * 5);

  push(candidate: Candidate): void {
    if (this.size === this.averages.length) {
      const averages = new Float64Array(this.size * 2);
      averages.set(this.averages);
      this.averages = averages;
      const fields = new Int32Array(this.size * 10);
      fields.set(this.fields);
      this.fields = fields;
    }
    const at = this.size++;
    this.averages[at] = candidate.average;
    this.fields.set([candidate.a, candidate.b, candidate.versionA, candidate.versionB, candidate.order], at * 5);
    this.up(at);
  }

  pop(): Candidate | undefined {
    if (this.size === 0) return undefined;
    const f = this.fields;
    const top: Candidate = { average: this.averages[0] as number, a: f[0] as number, b: f[1] as number, versionA: f[2] as number, versionB: f[3] as number, order: f[4] as number };
    this.size -= 1;
    if (this.size > 0) {
      this.move(this.size, 0);
      this.down(0);
    }
    return top;
  }

  private before(i: number, j: number): boolean {
    const x = this.averages[i] as number;
    const y = this.averages[j] as number;
    return x > y || (x === y && (this.fields[i * 5 + 4] as number) < (this.fields[j * 5 + 4] as number));
  }

  private move(from: number, to: number): void {
    this.averages[to] = this.averages[from] as number;
    this.fields.copyWithin(to * 5, from * 5, from * 5 + 5);
  }

  private swap(i: number, j: number): void {
    const average = this.averages[i] as number;
    this.averages[i] = this.averages[j] as number;
    this.averages[j] = average;
    for (let k = 0; k < 5; k++) {
      const value = this.fields[i * 5 + k] as number;
      this.fields[i * 5 + k] = this.fields[j * 5 + k] as number;
      this.fields[j * 5 + k] = value;
    }
  }

  private up(at: number): void {
    let i = at;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(at: number): void {
    let i = at;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let best = i;
      if (left < this.size && this.before(left, best)) best = left;
      if (right < this.size && this.before(right, best)) best = right;
      if (best === i) return;
      this.swap(i, best);
      i = best;
    }
  }
}
