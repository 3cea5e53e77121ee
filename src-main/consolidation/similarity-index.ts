/**
 * Near neighbours by cosine without comparing every pair. Items are blocked by their content
 * terms (shared/rules/contradiction's stemmed words): a query counts, per item, how many of its
 * terms the item shares (a walk of the query terms' posting lists), and computes the exact cosine
 * only for items whose term overlap (shared / √(|query| × |item|)) reaches MIN_TERM_OVERLAP.
 * Texts above the similarity thresholds share most of their words (see thresholds.ts), so the
 * filter drops unrelated pairs before any vector arithmetic.
 *
 * Terms carried by more than a few percent of the items (an agent's boilerplate: "check",
 * "review", "ticket") say little about which items are alike and would make every walk touch
 * every item, so they take no part: overlap is counted over the distinctive terms only. Small
 * indexes (below COMMON_TERM_FLOOR items per term) are compared on every term. The price is that
 * two texts alike only in boilerplate are not found — which is what the thresholds want anyway.
 * Consolidating 10k templated episodes against 10k beliefs costs posting walks and a few hundred
 * dot products per item instead of 10⁸ dot products.
 */
import { cosine } from './vector-math';

/** Term overlap an item needs before its vector is compared (binary-term cosine). */
export const MIN_TERM_OVERLAP = 0.3;
/** A term in more than this share of the items is boilerplate … */
const COMMON_TERM_SHARE = 0.03;
/** … once it is in more than this many. */
const COMMON_TERM_FLOOR = 100;

export interface Neighbour {
  slot: number;
  score: number;
}

export class SimilarityIndex {
  private readonly vectors: (Float32Array | null)[] = [];
  private readonly terms: string[][] = [];
  /** Per item: how many of its terms are distinctive, and under which limit that was counted. */
  private readonly distinctiveCounts: number[] = [];
  private readonly countedAt: number[] = [];
  private readonly postings = new Map<string, number[]>();
  private shared = new Int32Array(0);

  /** Adds an item; returns its slot. */
  add(vector: Float32Array, terms: readonly string[]): number {
    const slot = this.vectors.length;
    const unique = [...new Set(terms)];
    this.vectors.push(vector);
    this.terms.push(unique);
    for (const term of unique) {
      const list = this.postings.get(term);
      if (list) list.push(slot);
      else this.postings.set(term, [slot]);
    }
    return slot;
  }

  /** The item stops being found (its slot is never reused). */
  remove(slot: number): void {
    this.vectors[slot] = null;
  }

  vectorOf(slot: number): Float32Array | null {
    return this.vectors[slot] ?? null;
  }

  /** Items with cosine ≥ `min` to the query, best first (ties: lower slot first). */
  near(
    vector: Float32Array,
    terms: readonly string[],
    min: number,
    accept: (slot: number) => boolean = () => true,
  ): Neighbour[] {
    const distinctive = this.distinctive([...new Set(terms)]);
    if (distinctive.length === 0) return [];
    if (this.shared.length < this.vectors.length) this.shared = new Int32Array(Math.max(this.vectors.length, this.shared.length * 2));
    const touched: number[] = [];
    for (const term of distinctive) {
      for (const slot of this.postings.get(term) ?? []) {
        if (this.shared[slot] === 0) touched.push(slot);
        this.shared[slot] = (this.shared[slot] as number) + 1;
      }
    }
    const found: Neighbour[] = [];
    for (const slot of touched) {
      const own = this.distinctiveCount(slot);
      const overlap = (this.shared[slot] as number) / Math.sqrt(distinctive.length * own);
      this.shared[slot] = 0;
      const candidate = this.vectors[slot];
      if (!candidate || overlap < MIN_TERM_OVERLAP || !accept(slot)) continue;
      const score = cosine(vector, candidate);
      if (score >= min) found.push({ slot, score });
    }
    return found.sort((a, b) => b.score - a.score || a.slot - b.slot);
  }

  private limit(): number {
    return Math.max(COMMON_TERM_FLOOR, Math.floor(this.vectors.length * COMMON_TERM_SHARE));
  }

  private distinctive(terms: readonly string[]): string[] {
    const limit = this.limit();
    return terms.filter((term) => (this.postings.get(term)?.length ?? 0) <= limit);
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
