/**
 * Rule classification of an episode (or a cluster's statement) against a belief, for the offline
 * provider. In order:
 * 1. contradicts — the contradiction rules (shared/rules/contradiction: negation, comparative and
 *    preference pairs on a shared topic) fire;
 * 2. partial — the episode is on the belief's topic (similarity ≥ PARTIAL_MIN) and restricts it
 *    with a qualifier ("except", "unless", "only when", "but not", "sometimes", "depends on" …):
 *    it supports the belief in some contexts and not others, which is what the split gate counts;
 * 3. supports — similarity ≥ SUPPORTS_MIN (the same lesson in other words);
 * 4. irrelevant — otherwise.
 * The pipeline only asks about beliefs already past the `related` threshold, so these cut-offs sit
 * above it (n-gram scale: see thresholds.ts).
 */
import { detectContradiction } from '../../../shared/rules/contradiction';
import type { ClassificationResult } from '../provider';
import { cosine } from '../vector-math';

const SUPPORTS_MIN = 0.6;
const PARTIAL_MIN = 0.45;
const QUALIFIER = /\b(except|unless|only (?:when|if|for|in|on)|but not|not always|sometimes|depends on|in some cases|not when)\b/i;

export function classifyByRules(belief: string, episode: string, embed: (text: string) => Float32Array): ClassificationResult {
  const rule = detectContradiction(belief, episode);
  if (rule) {
    return {
      classification: 'contradicts',
      reasoning: `${rule.kind}: "${rule.terms[0]}" against "${rule.terms[1]}" on ${rule.sharedTerms.join(', ')}`,
    };
  }
  const similarity = cosine(embed(belief), embed(episode));
  const qualifier = QUALIFIER.exec(episode);
  if (qualifier && similarity >= PARTIAL_MIN) {
    return { classification: 'partial', reasoning: `same topic (similarity ${similarity.toFixed(2)}), qualified by "${qualifier[0]}"` };
  }
  if (similarity >= SUPPORTS_MIN) {
    return { classification: 'supports', reasoning: `same lesson (similarity ${similarity.toFixed(2)})` };
  }
  return { classification: 'irrelevant', reasoning: `different lesson (similarity ${similarity.toFixed(2)})` };
}
