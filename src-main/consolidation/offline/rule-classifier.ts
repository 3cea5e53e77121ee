/**
 * Rule classification of an episode (or a cluster's statement) against a belief, for the offline
 * provider. In order:
 * 1. contradicts — the contradiction rules (shared/rules/contradiction: negation, comparative and
 *    preference pairs on a shared topic) fire;
 * 2. partial — the episode is on the belief's topic (similarity ≥ PARTIAL_MIN) and restricts it
 *    with a qualifier ("except", "unless", "only when", "but not", "sometimes", "depends on" …):
 *    it supports the belief in some contexts and not others, which is what the split gate counts;
 * 3. supports — similarity ≥ SUPPORTS_MIN and the statement says what the belief says
 *    (statement-twins.ts: close words in the same pattern may name another thing);
 * 4. irrelevant — otherwise.
 * The pipeline only asks about beliefs already past the `related` threshold, so these cut-offs sit
 * at or above it (the lexical space's scale: see thresholds.ts).
 */
import { detectContradiction } from '../../../shared/rules/contradiction';
import type { ClassificationResult } from '../provider';
import { LEXICAL_CLASSIFICATION } from '../thresholds';
import { cosine, type Vector } from '../vector-math';
import { saysTheSame } from './statement-twins';

const { supports: SUPPORTS_MIN, partial: PARTIAL_MIN } = LEXICAL_CLASSIFICATION;
const QUALIFIER = /\b(except|unless|only (?:when|if|for|in|on)|but not|not always|sometimes|depends on|in some cases|not when)\b/i;

/**
 * What the rules alone say of a text already known to be about the belief: it contradicts it, or
 * holds it only in part (a qualifier), or null (nothing against it).
 */
export function ruleVerdict(belief: string, episode: string): (ClassificationResult & { classification: 'contradicts' | 'partial' }) | null {
  const rule = detectContradiction(belief, episode);
  if (rule) {
    return {
      classification: 'contradicts',
      reasoning: `${rule.kind}: "${rule.terms[0]}" against "${rule.terms[1]}" on ${rule.sharedTerms.join(', ')}`,
    };
  }
  const qualifier = QUALIFIER.exec(episode);
  return qualifier ? { classification: 'partial', reasoning: `qualified by "${qualifier[0]}"` } : null;
}

export function classifyByRules(belief: string, episode: string, embed: (text: string) => Vector): ClassificationResult {
  const similarity = cosine(embed(belief), embed(episode));
  const verdict = ruleVerdict(belief, episode);
  if (verdict?.classification === 'contradicts') return verdict;
  if (verdict?.classification === 'partial' && similarity >= PARTIAL_MIN) {
    return { classification: 'partial', reasoning: `same topic (similarity ${similarity.toFixed(2)}), ${verdict.reasoning}` };
  }
  if (similarity >= SUPPORTS_MIN) {
    if (saysTheSame(episode, belief)) return { classification: 'supports', reasoning: `same lesson (similarity ${similarity.toFixed(2)})` };
    return { classification: 'irrelevant', reasoning: `close in words (similarity ${similarity.toFixed(2)}) but about something else` };
  }
  return { classification: 'irrelevant', reasoning: `different lesson (similarity ${similarity.toFixed(2)})` };
}
