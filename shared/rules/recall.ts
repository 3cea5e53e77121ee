/**
 * How recall ranks what it finds (DESIGN §4; the belief seed's blended recall, the tiers seed's
 * boosts): a weighted sum of how well a memory matches, how readily it comes to mind and how sure
 * the mind is of it, multiplied by its tier's boost. Episodes, beliefs and every other type are
 * ranked on the one scale, so they blend.
 */
import type { Tier } from '../model';
import { TIER_BOOST } from './tiers';

/** The seed's weights: `0.5 × confidence × similarity + 0.3 × retrieval strength + 0.2 × bm25`. */
export const RECALL_WEIGHTS = Object.freeze({ meaning: 0.5, strength: 0.3, words: 0.2 });

/** The seed's floor: a belief the mind doubts this much is not offered as an answer. */
export const MIN_BELIEF_CONFIDENCE_FOR_RECALL = 0.4;

/** A memory found only by its vector must be at least this close in meaning to be worth offering. */
export const MIN_MEANING_FOR_RECALL = 0.3;

export interface RecallSignals {
  /** Full-text match, 0..1: its bm25 over the best bm25 among the candidates (0: matched no word). */
  words: number;
  /** Cosine similarity to the query, 0..1, or null when either side has no vector. */
  meaning: number | null;
  effectiveConfidence: number;
  retrievalStrength: number;
  tier: Tier;
}

/**
 * The score. Without vectors the word match stands in for similarity, so a mind never consolidated
 * (no vectors yet) still ranks by relevance first and strength second.
 */
export function recallScore(s: RecallSignals): number {
  const meaning = s.meaning ?? s.words;
  const blended =
    RECALL_WEIGHTS.meaning * s.effectiveConfidence * meaning + RECALL_WEIGHTS.strength * s.retrievalStrength + RECALL_WEIGHTS.words * s.words;
  return TIER_BOOST[s.tier] * blended;
}

/**
 * How well a memory answers the query, apart from how much it is trusted or how readily it comes
 * to mind: the score's match terms at full confidence, without the tier's boost or retrieval strength.
 */
export function recallRelevance(s: Pick<RecallSignals, 'words' | 'meaning'>): number {
  return RECALL_WEIGHTS.meaning * (s.meaning ?? s.words) + RECALL_WEIGHTS.words * s.words;
}

/** A conversation turn at least this share of the best relevance is evidently relevant (recall keeps it in reach). */
export const EVIDENT_RELEVANCE_SHARE = 0.5;

/**
 * Whether a found memory is offered at all: it must match, and (`beliefFloor`: it is a belief and
 * doubted beliefs are not wanted) it must not be doubted.
 */
export function worthRecalling(s: RecallSignals, beliefFloor: boolean): boolean {
  if (beliefFloor && s.effectiveConfidence < MIN_BELIEF_CONFIDENCE_FOR_RECALL) return false;
  return s.words > 0 || (s.meaning ?? 0) >= MIN_MEANING_FOR_RECALL;
}
