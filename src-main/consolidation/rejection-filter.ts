/**
 * Never learn again: a candidate whose normalized text matches a rejected statement's
 * fingerprint, or whose vector is within the rejection threshold of a rejected statement, is dropped.
 */
import { contentTerms } from '../../shared/rules/contradiction';
import { rejectedStatements } from '../store/consolidation-repo';
import { rejectionsVersion } from '../store/rejections-repo';
import { rejectionFingerprint } from '../mind/review';
import { derivedOf } from '../mind/derived-cache';
import type { Mind } from '../mind/mind';
import { SimilarityIndex } from './similarity-index';
import type { Vector } from './vector-math';

/** The rejections in force, with their content terms. */
function readRejected(mind: Mind): { fingerprint: string; text: string; terms: string[] }[] {
  return rejectedStatements(mind.store.db).map((r) => ({ ...r, terms: contentTerms(r.text) }));
}

export class RejectionFilter {
  private readonly fingerprints = new Set<string>();
  private readonly index = new SimilarityIndex();
  private readonly texts: string[] = [];

  static async load(mind: Mind, embed: (texts: readonly string[]) => Promise<Vector[]>): Promise<RejectionFilter> {
    const filter = new RejectionFilter();
    const rejected = derivedOf(mind, 'rejected-statements', rejectionsVersion(mind.store.db), () => readRejected(mind));
    for (const r of rejected) filter.fingerprints.add(r.fingerprint);
    const withText = rejected.filter((r) => r.text.trim() !== '');
    // The vectors are the caller's space's: only the rows and their terms are kept between loads.
    const vectors = await embed(withText.map((r) => r.text));
    withText.forEach((r, i) => {
      filter.index.add(vectors[i] as Vector, r.terms);
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
