/**
 * Confidence arithmetic (docs/ARCHITECTURE.md §4). Beliefs carry Beta-Bernoulli evidence; every other type carries
 * a plain confidence that reinforcement and verification nudge upward.
 */
import { MindError } from '../errors';

/** Reinforcement approaches this asymptotically, so a reinforced memory never claims certainty. */
export const REINFORCEMENT_CEILING = 0.99;
/** What one verification adds to a non-belief's confidence (capped at 1). */
export const VERIFICATION_STEP = 0.1;

/** The uniform prior Beta(1, 1): an unevidenced belief reads at 0.5. */
export const BELIEF_PRIOR: Readonly<{ alpha: number; beta: number }> = Object.freeze({ alpha: 1, beta: 1 });

export interface BeliefEvidence {
  alpha: number;
  beta: number;
}

/** The mean of Beta(α, β). */
export function betaConfidence(alpha: number, beta: number): number {
  // Negative or all-zero counts are not evidence; failing loudly beats returning NaN into the store.
  if (!Number.isFinite(alpha) || !Number.isFinite(beta) || alpha < 0 || beta < 0 || alpha + beta <= 0) {
    throw new MindError('invalid_input', 'belief evidence must be non-negative with a positive total', { alpha, beta });
  }
  return alpha / (alpha + beta);
}

/**
 * Starting evidence for a new belief.
 *
 * - Without an explicit confidence: the uniform prior plus one success per supporting episode,
 *   α = 1 + N, β = 1 (docs/ARCHITECTURE.md §4: a belief synthesized from N episodes starts at α = 1 + N).
 * - With an explicit confidence C in [0, 1] (a person saying how sure they are): C replaces the
 *   prior rather than adding to it. It is encoded as a pseudo-count of 2 — the same weight as the
 *   uniform prior it replaces — split as α = 2C, β = 2(1 − C); the N episodes still add to α.
 *   So with no episodes the belief reads exactly C, and a stated confidence moves as easily under
 *   new evidence as the default prior would.
 */
export function initialBeliefEvidence(supportingEpisodes: number, explicitConfidence?: number): BeliefEvidence {
  if (!Number.isFinite(supportingEpisodes) || supportingEpisodes < 0) {
    throw new MindError('invalid_input', 'supporting episode count must be a non-negative number', {
      supportingEpisodes,
    });
  }
  if (explicitConfidence === undefined) {
    return { alpha: BELIEF_PRIOR.alpha + supportingEpisodes, beta: BELIEF_PRIOR.beta };
  }
  if (!Number.isFinite(explicitConfidence) || explicitConfidence < 0 || explicitConfidence > 1) {
    throw new MindError('invalid_input', 'confidence must be between 0 and 1', { explicitConfidence });
  }
  const pseudoCount = BELIEF_PRIOR.alpha + BELIEF_PRIOR.beta;
  return {
    alpha: pseudoCount * explicitConfidence + supportingEpisodes,
    beta: pseudoCount * (1 - explicitConfidence),
  };
}

/** Diminishing returns: each earlier reinforcement shrinks the next boost. */
export function reinforcementBoost(timesReinforced: number): number {
  return 0.05 * (1 / (1 + timesReinforced * 0.1));
}

/**
 * A non-belief's confidence after one more reinforcement. The boost is a fraction of the distance
 * left to the ceiling, so confidence approaches 0.99 without reaching it. A confidence already at or
 * above the ceiling (set by hand or by verification) is kept: reinforcing must never lower it.
 */
export function reinforcedConfidence(confidence: number, timesReinforced: number): number {
  if (confidence >= REINFORCEMENT_CEILING) return confidence;
  return confidence + reinforcementBoost(timesReinforced) * (REINFORCEMENT_CEILING - confidence);
}

/** A non-belief's confidence after one verification (beliefs verify by α += 1 instead). */
export function verifiedConfidence(confidence: number): number {
  return Math.min(1, confidence + VERIFICATION_STEP);
}
