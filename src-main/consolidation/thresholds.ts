/**
 * Similarity thresholds per embedder. Cosine values only mean something within one embedding
 * space, so each embedder has its own (DESIGN §4: "keep them per embedder").
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

/** The offline lexical space (calibrated on the quality benchmark's calibration splits, see bench/quality). */
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
