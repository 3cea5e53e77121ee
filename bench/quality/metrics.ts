/**
 * Scoring a consolidation against a planted truth. Every created belief is traced (through its
 * lineage) to the planted episodes it was drafted from and those that support it since (not those
 * recorded against it); each episode carries its topic, or SINGLETON. From that:
 * - purity of a belief: the share of its episodes from its most represented topic;
 * - a topic is recovered when one belief draws at least RECOVERY_MIN_EPISODES of its episodes at
 *   purity at least RECOVERY_MIN_PURITY (the issue's definition);
 * - impure beliefs: purity below RECOVERY_MIN_PURITY;
 * - singleton-built beliefs: more than half of their episodes are singletons;
 * - duplicates: beyond the first, every further belief whose majority is a topic already had;
 * - planted contradictions found: the conflict surfaced, either as a contradiction recorded
 *   between the two topics' beliefs, or (the belief seed's way: a related lesson classified as
 *   contradicting adds counter-evidence, then a revision is proposed) as one topic's belief
 *   holding counter-evidence drawn mostly from the other topic's episodes;
 * - shared-vocabulary pairs mixed: some belief draws episodes of both topics;
 * - reinforcement: a later episode of a recovered topic that became supporting evidence of that
 *   topic's belief (and of no other).
 */

export const RECOVERY_MIN_EPISODES = 3;
export const RECOVERY_MIN_PURITY = 0.75;
export const SINGLETON = '(singleton)';

/** One created belief and the planted labels of the episodes it was drafted from. */
export interface TracedBelief {
  id: string;
  statement: string;
  /** Topic id (or SINGLETON) of each episode it derives from or is supported by. */
  labels: string[];
  /** Topic id (or SINGLETON) of each episode recorded against it. */
  against: string[];
}

export interface BeliefScore {
  id: string;
  statement: string;
  episodes: number;
  majority: string;
  purity: number;
  /** Episode count per label. */
  labels: Record<string, number>;
}

export interface StructureScores {
  beliefs: number;
  topics: number;
  recovered: number;
  recall: number;
  meanPurity: number | null;
  impure: number;
  impureShare: number;
  singletonBuilt: number;
  duplicates: number;
  duplicateShare: number;
  /** Topic → the belief that recovered it (the purest, then the largest, when several did). */
  recoveredBy: Record<string, string>;
  perBelief: BeliefScore[];
}

export function scoreBelief(belief: TracedBelief): BeliefScore {
  const labels: Record<string, number> = {};
  for (const label of belief.labels) labels[label] = (labels[label] ?? 0) + 1;
  let majority = SINGLETON;
  let best = -1;
  for (const [label, count] of Object.entries(labels)) {
    // A topic wins a tie against singletons; among topics, the first seen.
    if (count > best || (count === best && majority === SINGLETON && label !== SINGLETON)) {
      majority = label;
      best = count;
    }
  }
  const episodes = belief.labels.length;
  return { id: belief.id, statement: belief.statement, episodes, majority, purity: episodes === 0 ? 0 : best / episodes, labels };
}

export function scoreStructure(topicIds: readonly string[], beliefs: readonly TracedBelief[]): StructureScores {
  const perBelief = beliefs.map(scoreBelief);
  const recoveredBy: Record<string, string> = {};
  const byTopic = new Map<string, BeliefScore[]>();
  for (const score of perBelief) {
    if (score.majority === SINGLETON) continue;
    const list = byTopic.get(score.majority) ?? [];
    list.push(score);
    byTopic.set(score.majority, list);
  }
  for (const topic of topicIds) {
    const winners = (byTopic.get(topic) ?? [])
      .filter((s) => (s.labels[topic] ?? 0) >= RECOVERY_MIN_EPISODES && s.purity >= RECOVERY_MIN_PURITY)
      .sort((a, b) => b.purity - a.purity || b.episodes - a.episodes);
    if (winners[0]) recoveredBy[topic] = winners[0].id;
  }
  const recovered = Object.keys(recoveredBy).length;
  const impure = perBelief.filter((s) => s.purity < RECOVERY_MIN_PURITY).length;
  const singletonBuilt = perBelief.filter((s) => (s.labels[SINGLETON] ?? 0) > s.episodes / 2).length;
  const duplicates = [...byTopic.values()].reduce((n, list) => n + Math.max(0, list.length - 1), 0);
  const share = (n: number) => (perBelief.length === 0 ? 0 : n / perBelief.length);
  return {
    beliefs: perBelief.length,
    topics: topicIds.length,
    recovered,
    recall: topicIds.length === 0 ? 0 : recovered / topicIds.length,
    meanPurity: perBelief.length === 0 ? null : perBelief.reduce((n, s) => n + s.purity, 0) / perBelief.length,
    impure,
    impureShare: share(impure),
    singletonBuilt,
    duplicates,
    duplicateShare: share(duplicates),
    recoveredBy,
    perBelief,
  };
}

export interface PairScores {
  contradictionPairs: number;
  /** Both topics recovered. */
  contradictionPairsRecovered: number;
  contradictionPairsFound: number;
  /** … of which as a contradiction between two beliefs (the rest as counter-evidence). */
  contradictionPairsFoundAsBeliefs: number;
  sharedVocabularyPairs: number;
  sharedVocabularyPairsMixed: number;
}

export function scorePairs(
  pairs: readonly { kind: 'shared-vocabulary' | 'contradiction'; topics: readonly [string, string] }[],
  structure: StructureScores,
  beliefs: readonly TracedBelief[],
  contradicts: (beliefA: string, beliefB: string) => boolean,
): PairScores {
  const scores: PairScores = {
    contradictionPairs: 0,
    contradictionPairsRecovered: 0,
    contradictionPairsFound: 0,
    contradictionPairsFoundAsBeliefs: 0,
    sharedVocabularyPairs: 0,
    sharedVocabularyPairsMixed: 0,
  };
  const byId = new Map(beliefs.map((b) => [b.id, b]));
  /** The topic's belief holds counter-evidence mostly from the other topic. */
  const heldAgainst = (topic: string, other: string) => {
    const belief = byId.get(structure.recoveredBy[topic] ?? '');
    if (!belief || belief.against.length === 0) return false;
    return belief.against.filter((label) => label === other).length > belief.against.length / 2;
  };
  for (const pair of pairs) {
    const [a, b] = pair.topics;
    if (pair.kind === 'contradiction') {
      scores.contradictionPairs += 1;
      const beliefA = structure.recoveredBy[a];
      const beliefB = structure.recoveredBy[b];
      if (beliefA !== undefined && beliefB !== undefined) {
        scores.contradictionPairsRecovered += 1;
        if (contradicts(beliefA, beliefB)) {
          scores.contradictionPairsFound += 1;
          scores.contradictionPairsFoundAsBeliefs += 1;
          continue;
        }
      }
      if (heldAgainst(a, b) || heldAgainst(b, a)) scores.contradictionPairsFound += 1;
    } else {
      scores.sharedVocabularyPairs += 1;
      if (structure.perBelief.some((s) => (s.labels[a] ?? 0) > 0 && (s.labels[b] ?? 0) > 0)) scores.sharedVocabularyPairsMixed += 1;
    }
  }
  return scores;
}

export interface ReinforcementScores {
  /** Later episodes of recovered topics. */
  eligible: number;
  /** … that now support their topic's belief and no other. */
  reinforcedRight: number;
  /** … that support another belief. */
  reinforcedWrong: number;
  /** … that were drafted into a new belief instead. */
  duplicated: number;
  rate: number | null;
}

export function scoreReinforcement(
  later: readonly { episodeId: string; topic: string }[],
  structure: StructureScores,
  supports: (episodeId: string) => readonly string[],
  draftedInto: (episodeId: string) => readonly string[],
): ReinforcementScores {
  const scores: ReinforcementScores = { eligible: 0, reinforcedRight: 0, reinforcedWrong: 0, duplicated: 0, rate: null };
  for (const { episodeId, topic } of later) {
    const belief = structure.recoveredBy[topic];
    if (belief === undefined) continue;
    scores.eligible += 1;
    const supported = supports(episodeId);
    if (draftedInto(episodeId).some((b) => b !== belief)) scores.duplicated += 1;
    else if (supported.includes(belief) && supported.every((b) => b === belief)) scores.reinforcedRight += 1;
    else if (supported.length > 0) scores.reinforcedWrong += 1;
  }
  scores.rate = scores.eligible === 0 ? null : scores.reinforcedRight / scores.eligible;
  return scores;
}
