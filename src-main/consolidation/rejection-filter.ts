/**
 * Never learn again: a candidate whose normalized text matches a rejected statement's
 * fingerprint, or whose vector is within the rejection threshold of a rejected statement, is dropped.
 */
import { contentTerms } from '../../shared/rules/contradiction';
import { rejectedStatements } from '../store/consolidation-repo';
import { rejectionFingerprint } from '../mind/review';
import type { Mind } from '../mind/mind';
import { SimilarityIndex } from './similarity-index';
import type { Vector } from './vector-math';

export class RejectionFilter {
  private readonly fingerprints = new Set<string>();
  private readonly index = new SimilarityIndex();
  private readonly texts: string[] = [];

  static async load(mind: Mind, embed: (texts: readonly string[]) => Promise<Vector[]>): Promise<RejectionFilter> {
    const filter = new RejectionFilter();
    const rejected = rejectedStatements(mind.store.db);
    for (const r of rejected) filter.fingerprints.add(r.fingerprint);
    const withText = rejected.filter((r) => r.text.trim() !== '');
    const vectors = await embed(withText.map((r) => r.text));
    withText.forEach((r, i) => {
      filter.index.add(vectors[i] as Vector, contentTerms(r.text));
      filter.texts.push(r.text);
    });
    return filter;
  }

  byFingerprint(statement: string): boolean {
    return this.fingerprints.has(rejectionFingerprint(statement));
  }

  /** The rejected statement this one is too close to, if any. */
  bySimilarity(statement: string, vector: Vector, threshold: number): string | null {
    const [hit] = this.index.near(vector, contentTerms(statement), threshold);
    return hit ? (this.texts[hit.slot] ?? null) : null;
  }
}
