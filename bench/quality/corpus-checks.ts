/**
 * What makes a corpus fit to measure with, checked rather than promised (corpus.test.ts runs
 * these on the corpora in this folder; the benchmark refuses a corpus that fails them):
 * - a paraphrase topic says its lesson in other words: its key noun (the noun a reader names the
 *   topic by, the "most distinctive noun") appears in at most a third of its episodes, and
 *   no noun at all in more than half: the measured most distinctive noun (over the split's
 *   episodes, the highest topic count × ln(N / document frequency), so a rare noun shared by two
 *   episodes outranks a common one shared by four) stays at or under half;
 * - a strict paraphrase topic (the paraphrase-strict corpus) goes further: even the measured most
 *   distinctive noun appears in at most a third of its episodes. Nouns are words WordNet lists as
 *   nouns (unless only another reading is ever seen in its tagged corpus: "old" is no noun,
 *   "switch" and "call" are), and words it does not know at all, stemmed (names, jargon, and
 *   some function words, which are common enough across the split not to matter);
 * - a lexical topic's key noun appears in most of its episodes;
 * - the planted pairs are what they claim: a shared-vocabulary pair shares content nouns, a
 *   contradiction pair's lessons are opposites by the contradiction rules;
 * - the paraphrase corpus is big enough (topics, pairs of each kind, singletons, some of which
 *   share words with topics).
 */
import { stemmer } from 'stemmer';
import { removeStopwords, eng } from 'stopword';
import { detectContradiction } from '../../shared/rules/contradiction';
import { wordNet } from '../../src-main/consolidation/offline/wordnet';
import { type Corpus, plainText, type PlantedEpisode, SPLITS, type Split, type Topic } from './corpus';

/** The paraphrase corpus's minimums (the issue's). */
export const PARAPHRASE_MINIMUMS = { topics: 25, sharedVocabularyPairs: 5, contradictionPairs: 3, singletons: 30, singletonsSharingWords: 5 } as const;

const STOP = new Set(eng);
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/** The nouns of a text, as WordNet base forms (unknown words as they are), unique. */
export function nounsOf(text: string): string[] {
  const words = removeStopwords((text.toLowerCase().match(WORD) ?? []).map((w) => w.replace(/['’]s$/, '')), eng);
  const nouns = new Set<string>();
  for (const word of words) {
    if (word.length < 2 || /^\d+$/.test(word)) continue;
    const lemma = wordNet().lemmas(word, 'noun')[0];
    // "its" reduces to "it": a base form that is a stop word is no noun either.
    if (lemma !== undefined && STOP.has(lemma)) continue;
    if (lemma !== undefined) {
      if (!rareNounReading(word, lemma)) nouns.add(lemma);
    } else if (!wordNet().knows(word)) nouns.add(stemmer(word));
  }
  return [...nouns];
}

/** "old" is listed as a noun, but only its adjective is ever seen in WordNet's tagged corpus. */
function rareNounReading(word: string, lemma: string): boolean {
  if (wordNet().taggedSenses(lemma, 'noun') > 0) return false;
  return (['verb', 'adj', 'adv'] as const).some((pos) => wordNet().lemmas(word, pos).some((other) => wordNet().taggedSenses(other, pos) > 0));
}

export interface DistinctiveNoun {
  noun: string;
  /** Episodes of the topic that use it. */
  count: number;
  episodes: number;
}

/** Each topic's most distinctive noun over the split (see the header). */
export function mostDistinctiveNouns(split: Split): Map<string, DistinctiveNoun> {
  const all: PlantedEpisode[] = [...split.topics.flatMap((t) => [...t.episodes, ...t.later]), ...split.singletons];
  const documentFrequency = new Map<string, number>();
  for (const episode of all) for (const noun of nounsOf(plainText(episode))) documentFrequency.set(noun, (documentFrequency.get(noun) ?? 0) + 1);
  const result = new Map<string, DistinctiveNoun>();
  for (const topic of split.topics) {
    const counts = countNouns(topic.episodes);
    let best: DistinctiveNoun = { noun: '', count: 0, episodes: topic.episodes.length };
    let bestScore = -Infinity;
    for (const [noun, count] of counts) {
      const score = count * Math.log(all.length / (documentFrequency.get(noun) ?? 1));
      if (score > bestScore || (score === bestScore && count > best.count)) {
        best = { noun, count, episodes: topic.episodes.length };
        bestScore = score;
      }
    }
    result.set(topic.id, best);
  }
  return result;
}

function countNouns(episodes: readonly PlantedEpisode[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const episode of episodes) for (const noun of nounsOf(plainText(episode))) counts.set(noun, (counts.get(noun) ?? 0) + 1);
  return counts;
}

/** How many of the topic's episodes use its key noun (any form WordNet reduces to it). */
export function keyNounCount(topic: Topic): number {
  const key = nounsOf(topic.keyNoun)[0] ?? topic.keyNoun.toLowerCase();
  return topic.episodes.filter((e) => nounsOf(plainText(e)).includes(key)).length;
}

export interface CorpusFacts {
  topics: number;
  episodes: number;
  later: number;
  singletons: number;
  sharedVocabularyPairs: number;
  contradictionPairs: number;
  singletonsSharingWords: number;
}

/** Problems with the corpus, one line each; empty when it is fit to measure with. */
export function checkCorpus(corpus: Corpus): { problems: string[]; facts: CorpusFacts } {
  const problems: string[] = [];
  const facts: CorpusFacts = { topics: 0, episodes: 0, later: 0, singletons: 0, sharedVocabularyPairs: 0, contradictionPairs: 0, singletonsSharingWords: 0 };
  const seen = new Set<string>();
  for (const splitName of SPLITS) {
    const split = corpus.splits[splitName];
    const topics = new Map(split.topics.map((t) => [t.id, t]));
    for (const topic of split.topics) {
      if (seen.has(topic.id)) problems.push(`${splitName}: topic id ${topic.id} is used twice`);
      seen.add(topic.id);
    }
    facts.topics += split.topics.length;
    facts.episodes += split.topics.reduce((n, t) => n + t.episodes.length, 0);
    facts.later += split.topics.reduce((n, t) => n + t.later.length, 0);
    facts.singletons += split.singletons.length;
    facts.singletonsSharingWords += singletonsSharingWords(split);
    problems.push(...checkPairs(splitName, split, topics, facts));
    problems.push(...(corpus.style === 'lexical' ? checkLexical(splitName, split) : checkParaphrase(splitName, split, corpus.style === 'strict-paraphrase' ? 1 / 3 : 1 / 2)));
  }
  if (corpus.style !== 'lexical') {
    const m = PARAPHRASE_MINIMUMS;
    if (facts.topics < m.topics) problems.push(`${facts.topics} topics, at least ${m.topics} wanted`);
    if (facts.sharedVocabularyPairs < m.sharedVocabularyPairs) problems.push(`${facts.sharedVocabularyPairs} shared-vocabulary pairs, at least ${m.sharedVocabularyPairs} wanted`);
    if (facts.contradictionPairs < m.contradictionPairs) problems.push(`${facts.contradictionPairs} contradiction pairs, at least ${m.contradictionPairs} wanted`);
    if (facts.singletons < m.singletons) problems.push(`${facts.singletons} singletons, at least ${m.singletons} wanted`);
    if (facts.singletonsSharingWords < m.singletonsSharingWords) problems.push(`${facts.singletonsSharingWords} singletons share a noun with a topic, at least ${m.singletonsSharingWords} wanted`);
  }
  return { problems, facts };
}

function checkParaphrase(splitName: string, split: Split, maxDistinctiveShare: number): string[] {
  const problems: string[] = [];
  const distinctive = mostDistinctiveNouns(split);
  for (const topic of split.topics) {
    const n = topic.episodes.length;
    const top = distinctive.get(topic.id) as DistinctiveNoun;
    if (top.count > n * maxDistinctiveShare) {
      problems.push(`${splitName}/${topic.id}: its most distinctive noun "${top.noun}" is in ${top.count} of ${n} episodes (at most ${Math.floor(n * maxDistinctiveShare)})`);
    }
    const key = keyNounCount(topic);
    if (key > n / 3) problems.push(`${splitName}/${topic.id}: its key noun "${topic.keyNoun}" is in ${key} of ${n} episodes (at most ${Math.floor(n / 3)})`);
  }
  return problems;
}

function checkLexical(splitName: string, split: Split): string[] {
  return split.topics
    .filter((topic) => keyNounCount(topic) < Math.ceil(topic.episodes.length / 2))
    .map((topic) => `${splitName}/${topic.id}: a lexical topic's key noun "${topic.keyNoun}" should be in most of its episodes (${keyNounCount(topic)} of ${topic.episodes.length})`);
}

function checkPairs(splitName: string, split: Split, topics: Map<string, Topic>, facts: CorpusFacts): string[] {
  const problems: string[] = [];
  for (const pair of split.pairs) {
    const [a, b] = pair.topics.map((id) => topics.get(id));
    if (a === undefined || b === undefined) {
      problems.push(`${splitName}: pair ${pair.topics.join(' / ')} names a topic that is not in the split`);
      continue;
    }
    if (pair.kind === 'shared-vocabulary') {
      facts.sharedVocabularyPairs += 1;
      const nounsA = new Set(a.episodes.flatMap((e) => nounsOf(plainText(e))));
      const shared = new Set(b.episodes.flatMap((e) => nounsOf(plainText(e))).filter((n) => nounsA.has(n)));
      if (shared.size < 3) problems.push(`${splitName}: ${a.id} / ${b.id} share ${shared.size} nouns, a shared-vocabulary pair needs at least 3`);
    } else {
      facts.contradictionPairs += 1;
      if (detectContradiction(a.lesson, b.lesson) === null) problems.push(`${splitName}: the lessons of ${a.id} / ${b.id} are not opposites by the contradiction rules`);
    }
  }
  return problems;
}

function singletonsSharingWords(split: Split): number {
  const topicNouns = new Set(split.topics.flatMap((t) => t.episodes.flatMap((e) => nounsOf(plainText(e)))));
  return split.singletons.filter((s) => nounsOf(plainText(s)).some((n) => topicNouns.has(n))).length;
}
