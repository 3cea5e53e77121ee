/**
 * The components a team works on. Every memory is about one topic, and draws most of its words
 * from that topic's own small vocabulary, so memories about the same thing share terms (as
 * contradiction detection and search expect) while the mind as a whole stays varied.
 */
import { createRng, type Rng, zipfSampler } from './prng';
import { COMPONENT_KINDS, DOMAINS, NOUNS, PEOPLE, PROJECTS, TEAMS, VERBS } from './vocabulary';

export interface Topic {
  /** A camelCase component name, one full-text term ("ledgerSync"). */
  name: string;
  domain: string;
  path: string;
  project: string;
  team: string;
  owner: string;
  /** Nouns this component is mostly talked about with. */
  nouns: string[];
  /** Function names in its code ("flushQueue"), each one distinctive term. */
  functions: string[];
}

export interface TopicCatalog {
  topics: Topic[];
  /** A topic's index, weighted so a few components get most of the attention. */
  pickTopic(rng: Rng): number;
  /** A noun, weighted by how common it is in the team's talk. */
  pickNoun(rng: Rng): string;
}

export const TOPIC_COUNT = 400;

/**
 * A small mind is about fewer components (a big one about up to TOPIC_COUNT), so memories find
 * related ones to derive from at any size.
 */
export function topicCountFor(memories: number): number {
  return Math.min(TOPIC_COUNT, Math.max(12, Math.round(memories / 250)));
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export function buildTopicCatalog(rng: Rng, count = TOPIC_COUNT): TopicCatalog {
  const nounIndex = zipfSampler(NOUNS.length, 0.7);
  const pickNoun = (r: Rng) => NOUNS[nounIndex(r)] as string;
  const names = new Set<string>();
  const topics: Topic[] = [];
  while (topics.length < count) {
    const domain = rng.pick(DOMAINS);
    const kind = rng.pick(COMPONENT_KINDS);
    const name = `${domain}${kind}`;
    if (names.has(name)) continue;
    names.add(name);
    const nouns = new Set<string>();
    while (nouns.size < 8) nouns.add(rng.chance(0.5) ? pickNoun(rng) : rng.pick(NOUNS));
    const functions = new Set<string>();
    while (functions.size < 6) functions.add(`${rng.pick(VERBS)}${capitalize(rng.pick(NOUNS))}`);
    topics.push({
      name,
      domain,
      path: `src/${domain}/${kind.toLowerCase()}.ts`,
      project: rng.pick(PROJECTS),
      team: rng.pick(TEAMS),
      owner: rng.pick(PEOPLE),
      nouns: [...nouns],
      functions: [...functions],
    });
  }
  const topicIndex = zipfSampler(count, 0.9);
  return { topics, pickTopic: topicIndex, pickNoun };
}

/** The catalog has its own stream, so a benchmark can rebuild the topics from the seed and size. */
export function catalogFor(seed: number, memories: number): TopicCatalog {
  return buildTopicCatalog(createRng((seed ^ 0x7091c5) >>> 0), topicCountFor(memories));
}
