/**
 * What the offline provider reads in a text: its content words, each seen two ways.
 * - its stem (Porter, the `stemmer` package): "deploys", "deployed" → "deploi";
 * - the WordNet synsets its base forms belong to (the first senses of each part of speech),
 *   where different words meet: "bug" and "glitch", "mistake" and "error".
 * Stop words are the `stopword` package's English list; numbers carry no meaning here. Each
 * family has its own weight per word; the space then weighs every feature by how rare it is in
 * the mind (lexical-embedder.ts). Character n-grams were tried as a third family and left out:
 * on the quality benchmark's calibration splits they changed nothing measurable, and they tripled
 * the features of every text (the 10k-episode consolidation benchmark ran twice as long).
 */
import { stemmer } from 'stemmer';
import { eng } from 'stopword';
import { WORDNET_POS, type WordNet, type WordnetPos } from './wordnet';

/** WordNet's own one-letter part-of-speech marks (adjective and adverb offsets overlap). */
const POS_MARK: Readonly<Record<WordnetPos, string>> = { noun: 'n', verb: 'v', adj: 'a', adv: 'r' };

export interface FeatureWeights {
  readonly stem: number;
  /** Spread over the word's synsets. */
  readonly synset: number;
  /** Senses read per part of speech, most frequent first. */
  readonly senses: number;
}

export const FEATURE_WEIGHTS: FeatureWeights = Object.freeze({ stem: 1, synset: 0.6, senses: 2 });

const STOP_WORDS = new Set(eng);
const WORD = /\p{L}[\p{L}\p{N}]*(?:['’]\p{L}+)?/gu;

/** The content words of a text, lower-cased, in order (repeats kept). */
export function contentWordsOf(text: string): string[] {
  const words: string[] = [];
  for (const token of text.toLowerCase().match(WORD) ?? []) {
    const apostrophe = Math.max(token.indexOf("'"), token.indexOf('’'));
    // A possessive 's goes; any other apostrophe marks a contraction ("don't"): a function word.
    const word = apostrophe === -1 ? token : apostrophe === token.length - 2 && token.endsWith('s') ? token.slice(0, -2) : '';
    if (word.length < 2 || STOP_WORDS.has(word)) continue;
    words.push(word);
  }
  return words;
}

/** One word's features with their weights (a word's features never change: callers cache them). */
export type WordFeatures = readonly (readonly [key: string, weight: number])[];

/** One word's features (`s:` stem, `w:` synset) with their weights. */
export function wordFeatures(word: string, wordnet: WordNet, weights: FeatureWeights = FEATURE_WEIGHTS): WordFeatures {
  const features = new Map<string, number>();
  const add = (key: string, weight: number) => features.set(key, (features.get(key) ?? 0) + weight);
  if (weights.stem > 0) add(`s:${stemmer(word)}`, weights.stem);
  if (weights.synset > 0) {
    const senses = sensesOf(word, wordnet, weights.senses);
    for (const sense of senses) add(`w:${POS_MARK[sense.pos]}${sense.offset}`, weights.synset / senses.length);
  }
  return [...features];
}

interface Sense {
  readonly pos: WordnetPos;
  readonly offset: number;
}

/** The first senses of each part of speech the word's base form has. */
function sensesOf(word: string, wordnet: WordNet, senses: number): Sense[] {
  const found: Sense[] = [];
  for (const pos of WORDNET_POS) {
    for (const lemma of wordnet.lemmas(word, pos).slice(0, 1)) {
      for (const offset of wordnet.synsets(lemma, pos).slice(0, senses)) found.push({ pos, offset });
    }
  }
  return found;
}
