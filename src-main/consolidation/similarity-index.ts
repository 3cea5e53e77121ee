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
/** … once it is in more than this many. */
const COMMON_TERM_FLOOR = 100;

export interface Neighbour {
  slot: number;
  score: number;
}

/** Posting lists of keys (terms or feature indexes) to slots, with per-item distinctive counts. */
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

export class SimilarityIndex {
  private readonly vectors: (Vector | null)[] = [];
  private readonly terms: string[][] = [];
  /** Per item: how many of its terms are distinctive, and under which limit that was counted. */
  private readonly distinctiveCounts: number[] = [];
  private readonly countedAt: number[] = [];
  private readonly termPostings = new Postings<string>();
  private readonly featurePostings = new Postings<number>();
  private scratch = new Float64Array(0);

  /** Adds an item; returns its slot. */
  add(vector: Vector, terms: readonly string[]): number {
    const slot = this.vectors.length;
    const unique = [...new Set(terms)];
    this.vectors.push(vector);
    this.terms.push(unique);
    if (vector instanceof Float32Array) this.termPostings.add(slot, unique);
    else this.featurePostings.add(slot, vector.indices);
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

  /** Items with cosine ≥ `min` to the query, best first (ties: lower slot first). */
  near(vector: Vector, terms: readonly string[], min: number, accept: (slot: number) => boolean = () => true): Neighbour[] {
    const found = vector instanceof Float32Array ? this.nearDense(vector, terms, min, accept) : this.nearSparse(vector, min, accept);
    return found.sort((a, b) => b.score - a.score || a.slot - b.slot);
  }

  private limit(): number {
    return Math.max(COMMON_TERM_FLOOR, Math.floor(this.vectors.length * COMMON_TERM_SHARE));
  }

  private nearSparse(query: SparseVector, min: number, accept: (slot: number) => boolean): Neighbour[] {
    const limit = this.limit();
    if (this.scratch.length < this.vectors.length) this.scratch = new Float64Array(Math.max(this.vectors.length, this.scratch.length * 2));
    const partial = this.scratch;
    const touched: number[] = [];
    let commonNorm = 0;
    query.indices.forEach((feature, k) => {
      const weight = query.values[k] as number;
      if (this.featurePostings.isCommon(feature, limit)) {
        commonNorm += weight * weight;
        return;
      }
      for (const slot of this.featurePostings.lists.get(feature) ?? []) {
        const item = this.vectors[slot];
        if (!item || item instanceof Float32Array) continue;
        if (partial[slot] === 0) touched.push(slot);
        partial[slot] = (partial[slot] as number) + weight * valueAt(item, feature);
      }
    });
    const bound = Math.sqrt(commonNorm);
    const found: Neighbour[] = [];
    for (const slot of touched) {
      const walked = partial[slot] as number;
      partial[slot] = 0;
      if (walked + bound < min || !accept(slot)) continue;
      const score = cosine(query, this.vectors[slot] as Vector);
      if (score >= min) found.push({ slot, score });
    }
    return found;
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

/** The value of `feature` in a sparse vector (binary search; 0 when absent). */
function valueAt(vector: SparseVector, feature: number): number {
  let low = 0;
  let high = vector.indices.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const at = vector.indices[middle] as number;
    if (at === feature) return vector.values[middle] as number;
    if (at < feature) low = middle + 1;
    else high = middle - 1;
  }
  return 0;
}
