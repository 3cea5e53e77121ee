/**
 * Similarity thresholds per embedder. Cosine values only mean something within one embedding
 * space, so each embedder has its own (docs/ARCHITECTURE.md §4: thresholds are kept per embedder).
 */
import type { SimilarityThresholds } from './provider';
import { NGRAM_EMBEDDER_ID } from './offline/ngram-embedder';

/** The belief seed's values, calibrated for sentence-embedding models. */
export const MODEL_THRESHOLDS: SimilarityThresholds = Object.freeze({
  cluster: 0.7,
  reinforce: 0.92,
  related: 0.7,
  merge: 0.92,
  rejection: 0.92,
});

/**
 * Hashed character n-grams measure shared word pieces, not meaning, so their scale differs from a
 * model's. Measured on hand-written pairs (offline/ngram-embedder.test.ts keeps them):
 * unrelated sentences score 0.10–0.20; paraphrases of one lesson 0.55–0.80 ("Deploys on Friday
 * break the build" / "Friday deploys broke the build again" 0.75); two episodes of one template
 * with different details ~0.88; the same statement reworded slightly ("The user prefers Bun for
 * personal projects" / "User prefers using Bun in personal projects") ~0.86; identical up to
 * punctuation 1.0. Hence: cluster at 0.60 (paraphrases in, unrelated far out), related at 0.45
 * (worth a classification), reinforce / merge / rejection at 0.88 (the same statement, reworded).
 * A one-word negation scores high too ("must" / "must not" 0.96), which is why the pipeline checks
 * the contradiction rules before it reinforces on similarity alone.
 */
export const NGRAM_THRESHOLDS: SimilarityThresholds = Object.freeze({
  cluster: 0.6,
  reinforce: 0.88,
  related: 0.45,
  merge: 0.88,
  rejection: 0.88,
});

export function thresholdsFor(embedderId: string): SimilarityThresholds {
  return embedderId === NGRAM_EMBEDDER_ID ? NGRAM_THRESHOLDS : MODEL_THRESHOLDS;
}
