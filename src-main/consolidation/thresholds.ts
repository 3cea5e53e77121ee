/**
 * Similarity thresholds per embedder. Cosine values only mean something within one embedding
 * space, so each embedder has its own (docs/ARCHITECTURE.md §4: thresholds are kept per embedder).
 */
import type { SimilarityThresholds } from './provider';
import { LEXICAL_EMBEDDER_ID } from './offline/lexical-embedder';

/** The belief seed's values, calibrated for sentence-embedding models. */
export const MODEL_THRESHOLDS: SimilarityThresholds = Object.freeze({
  cluster: 0.7,
  reinforce: 0.92,
  related: 0.7,
  merge: 0.92,
  rejection: 0.92,
});

/**
 * The offline lexical space (offline/lexical-embedder.ts: TF-IDF cosines, much lower than a
 * model's). Calibrated on the quality benchmark's calibration splits only (bench/quality), the
 * held-out splits being what is reported:
 * - cluster 0.12, the average similarity a group's members must keep: lexical recall is the same
 *   (11 of 12) anywhere from 0.08 to 0.30; on paraphrase, 0.12 recovered 3 topics of 18 where
 *   0.20 recovered none, at the price of more muddled clusters (7 of 10 beliefs impure there);
 * - related 0.25, where a statement is worth classifying against a belief, and the rule
 *   classifier's supports cut-off 0.4 (LEXICAL_CLASSIFICATION): two wordings of one lesson;
 * - reinforce, merge and rejection 0.6: the same statement reworded.
 */
export const LEXICAL_THRESHOLDS: SimilarityThresholds = Object.freeze({
  cluster: 0.12,
  reinforce: 0.6,
  related: 0.25,
  merge: 0.6,
  rejection: 0.6,
});

/** The offline rule classifier's cut-offs, on the same scale (offline/rule-classifier.ts). */
export const LEXICAL_CLASSIFICATION = Object.freeze({ supports: 0.4, partial: LEXICAL_THRESHOLDS.related });

export function thresholdsFor(embedderId: string): SimilarityThresholds {
  return embedderId === LEXICAL_EMBEDDER_ID ? LEXICAL_THRESHOLDS : MODEL_THRESHOLDS;
}
