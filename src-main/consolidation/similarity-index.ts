/**
 * Near neighbours by cosine without comparing every pair.
 *
 * Sparse vectors (the offline lexical space) are found through their own features: a query walks
 * the posting lists of its features and accumulates the dot product with every item it meets.
 * Features carried by more than a few percent of the items (an agent's boilerplate: "check",
 * "review") would make every walk touch every item, so they are not walked; what they could still
 * add is bounded by the norm of the query's part on them (Cauchy–Schwarz), so an item whose walked
 * part plus that bound stays under the threshold cannot reach it and is dropped, and every other
 * item met gets its exact cosine. Results are exact for every item that shares a distinctive
 * feature with the query.
 *
 * Dense vectors (a model's embedding) are compared with every item while the index is small
 * (MAX_EXHAUSTIVE items): a model puts paraphrases close together however few words they share.
 * Above that they are blocked by content terms (shared/rules/contradiction's stemmed words): only
 * items whose term overlap (shared / √(|query| × |item|)) reaches MIN_TERM_OVERLAP, counted over
 * the distinctive terms, get their cosine computed. Consolidating 10k episodes against 10k beliefs
 * then costs posting walks and a few hundred dot products per item instead of 10⁸.
 */
import { cosine, type SparseVector, type Vector } from './vector-math';

/** Term overlap a dense item needs before its vector is compared, in a large index. */
export const MIN_TERM_OVERLAP = 0.3;
/** Up to this many dense items, every item is compared. */
export const MAX_EXHAUSTIVE = 2_000;
/** A term or feature in more than this share of the items is boilerplate … */
const COMMON_TERM_SHARE = 0.03;
/** A sparse feature is walked only while in at most this share of the items … */
const COMMON_FEATURE_SHARE = 0.01;
/** … once it is in more than this many (a quality corpus of a few hundred episodes is compared exactly). */
const COMMON_TERM_FLOOR = 100;

export interface Neighbour {
  slot: number;
  score: number;
}

/** Posting lists of terms to slots. */
class Postings<K> {
  readonly lists = new Map<K, number[]>();

  add(slot: number, keys: Iterable<K>): void {
    for (const key of keys) {
      const list = this.lists.get(key);
      if (list) list.push(slot);
      else this.lists.set(key, [slot]);
    }
  }

  isCommon(key: K, limit: number): boolean {
    return (this.lists.get(key)?.length ?? 0) > limit;
  }
}

/** Posting lists of sparse features: the slots that carry each, with their values. */
class FeaturePostings {
  private readonly lists = new Map<number, { slots: number[]; values: number[] }>();

  add(slot: number, vector: SparseVector): void {
    for (let k = 0; k < vector.indices.length; k++) {
      const feature = vector.indices[k] as number;
      let list = this.lists.get(feature);
      if (!list) {
        list = { slots: [], values: [] };
        this.lists.set(feature, list);
      }
      list.slots.push(slot);
      list.values.push(vector.values[k] as number);
    }
  }

  of(feature: number): { slots: number[]; values: number[] } | undefined {
    return this.lists.get(feature);
  }

  isCommon(feature: number, limit: number): boolean {
    return (this.lists.get(feature)?.slots.length ?? 0) > limit;
  }
}

export class SimilarityIndex {
  private readonly vectors: (Vector | null)[] = [];
  private readonly terms: string[][] = [];
  /** Per item: how many of its terms are distinctive, and under which limit that was counted. */
  private readonly distinctiveCounts: number[] = [];
  private readonly countedAt: number[] = [];
  private readonly termPostings = new Postings<string>();
  private readonly featurePostings = new FeaturePostings();
  /** Per sparse item: the norm of its part on common features, and under which limit that was counted. */
  private readonly commonNorms: number[] = [];
  /** Per query (reused): partial dot products by slot, the slots touched, their bounds by slot. */
  private scratch = new Float64Array(0);
  private touched = new Int32Array(0);
  private bounds = new Float64Array(0);

  /** Adds an item; returns its slot. */
  add(vector: Vector, terms: readonly string[]): number {
    const slot = this.vectors.length;
    this.vectors.push(vector);
    if (vector instanceof Float32Array) {
      const unique = [...new Set(terms)];
      this.terms.push(unique);
      this.termPostings.add(slot, unique);
    } else {
      // A sparse item is found through its own features: its terms are never read.
      this.terms.push([]);
      this.featurePostings.add(slot, vector);
    }
    return slot;
  }

  /** The item stops being found (its slot is never reused). */
  remove(slot: number): void {
    this.vectors[slot] = null;
  }

  vectorOf(slot: number): Vector | null {
    return this.vectors[slot] ?? null;
  }

  get size(): number {
    return this.vectors.length;
  }

  /**
   * Items with cosine ≥ `min` to the query, best first (ties: lower slot first); with `top`, only
   * the best `top` of them (for sparse queries found without scoring the rest).
   */
  near(vector: Vector, terms: readonly string[], min: number, accept: (slot: number) => boolean = () => true, top = Infinity): Neighbour[] {
    const found = vector instanceof Float32Array ? this.nearDense(vector, terms, min, accept) : this.nearSparse(vector, min, accept, top);
    return found.sort((a, b) => b.score - a.score || a.slot - b.slot).slice(0, top);
  }

  private limit(share = COMMON_TERM_SHARE): number {
    return Math.max(COMMON_TERM_FLOOR, Math.floor(this.vectors.length * share));
  }

  private nearSparse(query: SparseVector, min: number, accept: (slot: number) => boolean, top: number): Neighbour[] {
    const limit = this.limit(COMMON_FEATURE_SHARE);
    const size = this.vectors.length;
    if (this.scratch.length < size) {
      this.scratch = new Float64Array(Math.max(size, this.scratch.length * 2));
      this.touched = new Int32Array(this.scratch.length);
      this.bounds = new Float64Array(this.scratch.length);
    }
    const partial = this.scratch;
    const touched = this.touched;
    let count = 0;
    let commonSquares = 0;
    for (let k = 0; k < query.indices.length; k++) {
      const weight = query.values[k] as number;
      const list = this.featurePostings.of(query.indices[k] as number);
      if (!list) continue;
      if (list.slots.length > limit) {
        commonSquares += weight * weight;
        continue;
      }
      const { slots, values } = list;
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[i] as number;
        if (partial[slot] === 0) touched[count++] = slot;
        partial[slot] = (partial[slot] as number) + weight * (values[i] as number);
      }
    }
    // What the common features could still add is at most the product of both parts' norms.
    const queryCommon = Math.sqrt(commonSquares);
    const bounds = this.bounds;
    let candidates = 0;
    for (let t = 0; t < count; t++) {
      const slot = touched[t] as number;
      const walked = partial[slot] as number;
      partial[slot] = 0;
      const item = this.vectors[slot];
      if (!item || item instanceof Float32Array) continue;
      const bound = walked + queryCommon * this.commonNorm(slot, item, limit);
      if (bound < min) continue;
      touched[candidates] = slot;
      bounds[slot] = bound;
      candidates += 1;
    }
    const order = touched.subarray(0, candidates);
    // Highest bound first: once `top` are found, a candidate whose bound is under the worst of them cannot enter.
    if (top < candidates) order.sort((x, y) => (bounds[y] as number) - (bounds[x] as number));
    const found: Neighbour[] = [];
    let worst = min;
    for (const slot of order) {
      if ((bounds[slot] as number) < worst) break;
      if (!accept(slot)) continue;
      const score = cosine(query, this.vectors[slot] as SparseVector);
      if (score < min) continue;
      found.push({ slot, score });
      if (found.length >= top) {
        found.sort((a, b) => b.score - a.score);
        found.length = top;
        worst = Math.max(min, (found[top - 1] as Neighbour).score);
      }
    }
    return found;
  }

  private commonNorm(slot: number, item: SparseVector, limit: number): number {
    if (this.countedAt[slot] !== limit) {
      let squares = 0;
      item.indices.forEach((feature, k) => {
        if (this.featurePostings.isCommon(feature, limit)) squares += (item.values[k] as number) ** 2;
      });
      this.commonNorms[slot] = Math.sqrt(squares);
      this.countedAt[slot] = limit;
    }
    return this.commonNorms[slot] as number;
  }

  private nearDense(vector: Float32Array, terms: readonly string[], min: number, accept: (slot: number) => boolean): Neighbour[] {
    const found: Neighbour[] = [];
    const consider = (slot: number) => {
      const candidate = this.vectors[slot];
      if (!(candidate instanceof Float32Array) || !accept(slot)) return;
      const score = cosine(vector, candidate);
      if (score >= min) found.push({ slot, score });
    };
    if (this.vectors.length <= MAX_EXHAUSTIVE) {
      for (let slot = 0; slot < this.vectors.length; slot++) consider(slot);
      return found;
    }
    const distinctive = this.distinctive([...new Set(terms)]);
    const shared = new Map<number, number>();
    for (const term of distinctive) for (const slot of this.termPostings.lists.get(term) ?? []) shared.set(slot, (shared.get(slot) ?? 0) + 1);
    for (const [slot, count] of shared) {
      if (count / Math.sqrt(distinctive.length * this.distinctiveCount(slot)) >= MIN_TERM_OVERLAP) consider(slot);
    }
    return found;
  }

  private distinctive(terms: readonly string[]): string[] {
    const limit = this.limit();
    return terms.filter((term) => !this.termPostings.isCommon(term, limit));
  }

  private distinctiveCount(slot: number): number {
    const limit = this.limit();
    if (this.countedAt[slot] !== limit) {
      this.distinctiveCounts[slot] = this.distinctive(this.terms[slot] as string[]).length;
      this.countedAt[slot] = limit;
    }
    return this.distinctiveCounts[slot] as number;
  }
}
