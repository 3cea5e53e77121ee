/**
 * What the consolidation pipeline needs from a provider. `offline` (a lexical space learned from
 * the mind, extractive synthesis, rule classification) and `openai` (any OpenAI-compatible
 * endpoint) both implement it, so the pipeline never knows which one it runs on.
 */
import type { ProviderId } from '../../shared/settings';
import type { Vector } from './vector-math';


/** One text to consolidate: an episode (objective → outcome, lessons) or a raw capture. */
export interface SourceText {
  readonly id: string;
  readonly text: string;
}

export interface Embedder {
  /** Recorded with the vector table; thresholds are kept per embedder id. */
  readonly id: string;
  /** Length of its stored vectors (0 until a model's first answer tells; unused when not stored). */
  readonly dimension: number;
  /**
   * Whether its vectors are kept in the vector table: a model's cost a call each, so they are; the
   * offline ones depend on the mind's statistics and are computed by every run that needs them.
   */
  readonly stored: boolean;
  /** Learns from the texts a run is about to compare (the offline embedder: how rare each feature is). */
  learn?(corpus: readonly string[]): void;
  /** L2-normalized vectors, one per text, in order: dense when stored, sparse otherwise. */
  embed(texts: readonly string[], signal: AbortSignal): Promise<Vector[]>;
}

/** The seed's synthesis output: one generalized belief for a cluster. */
export interface BeliefCandidate {
  readonly statement: string;
  readonly subject: string;
  readonly predicate: string;
  readonly context: string;
  readonly timeframe: 'current' | 'past' | 'always';
  /** The ids of the cluster's episodes the statement rests on: those a model cites, the one whose sentence an extract takes. */
  readonly citations?: readonly string[];
}

export const CLASSIFICATIONS = ['supports', 'contradicts', 'partial', 'irrelevant'] as const;
export type Classification = (typeof CLASSIFICATIONS)[number];

export interface ClassificationResult {
  readonly classification: Classification;
  readonly reasoning: string;
}

/** A raw capture's suggested destination (triage); `skip` when it holds nothing to keep. */
export interface TriageSuggestion {
  readonly suggest: 'episode' | 'note' | 'skip';
  readonly reason: string;
}

export interface ConsolidationProvider {
  readonly id: ProviderId;
  readonly embedder: Embedder;
  synthesize(cluster: readonly SourceText[], signal: AbortSignal): Promise<BeliefCandidate>;
  classify(belief: SourceText, episode: SourceText, signal: AbortSignal): Promise<ClassificationResult>;
  triage(raw: SourceText, signal: AbortSignal): Promise<TriageSuggestion>;
}

/**
 * One item the provider could not handle (malformed or refused output, a timeout after retries):
 * the pipeline skips that item and records the reason in the run's stats; the run goes on.
 */
export class ProviderItemError extends Error {
  constructor(
    message: string,
    readonly reason: 'timeout' | 'malformed' | 'refused' | 'http_error',
  ) {
    super(message);
    this.name = 'ProviderItemError';
  }
}

/** Similarity thresholds of the seed, kept per embedder (an n-gram space is not a model's space). */
export interface SimilarityThresholds {
  /** How alike, on average, a group of new episodes must be to be drafted into a new belief. */
  readonly cluster: number;
  /** How alike, on average, new episodes must be to a belief's episodes to count as that lesson again. */
  readonly attach: number;
  readonly reinforce: number;
  readonly related: number;
  readonly merge: number;
  readonly rejection: number;
}
