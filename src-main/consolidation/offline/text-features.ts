/**
 * What the offline provider reads in a text: its content words, each seen three ways.
 * - its stem (Porter, the `stemmer` package): "deploys", "deployed" → "deploi";
 * - the WordNet synsets its base forms belong to (the first senses of each part of speech),
 *   where different words meet: "intermittent" and "sporadic", "release" and "publish";
 * - its character n-grams, which meet where stems do not ("deployment" / "deploy",
 *   "rollback" / "roll back").
 * Stop words are the `stopword` package's English list; numbers carry no meaning here. Each
 * family has its own weight per word; the space then weighs every feature by how rare it is in
 * the mind (lexical-embedder.ts).
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
  /** Spread over the word's n-grams. */
  readonly ngram: number;
  /** Senses read per part of speech, most frequent first. */
  readonly senses: number;
  readonly ngramLength: number;
}

export const FEATURE_WEIGHTS: FeatureWeights = Object.freeze({ stem: 1, synset: 0.6, ngram: 0.4, senses: 2, ngramLength: 4 });

const STOP_WORDS = new Set(eng);
const WORD = /\p{L}[\p{L}\p{N}]*(?:['’]\p{L}+)?/gu;

/** The content words of a text, lower-cased, in order (repeats kept). */
export function contentWordsOf(text: string): string[] {
  const words: string[] = [];
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const word = match[0].replace(/['’]s$/u, '');
    // Other apostrophes mark contractions ("don't"): function words.
    if (word.length < 2 || /['’]/u.test(word) || STOP_WORDS.has(word)) continue;
    words.push(word);
  }
  return words;
}

/** One word's features with their weights (a word's features never change: callers cache them). */
export type WordFeatures = readonly (readonly [key: string, weight: number])[];

/** Feature keys with their summed weights: `s:` stems, `w:` synsets, `g:` n-grams. */
export function textFeatures(text: string, featuresOf: (word: string) => WordFeatures): Map<string, number> {
  const features = new Map<string, number>();
  for (const word of contentWordsOf(text)) for (const [key, weight] of featuresOf(word)) features.set(key, (features.get(key) ?? 0) + weight);
  return features;
}

export function wordFeatures(word: string, wordnet: WordNet, weights: FeatureWeights = FEATURE_WEIGHTS): WordFeatures {
  const features = new Map<string, number>();
  const add = (key: string, weight: number) => features.set(key, (features.get(key) ?? 0) + weight);
  if (weights.stem > 0) add(`s:${stemmer(word)}`, weights.stem);
  if (weights.synset > 0) {
    const senses = sensesOf(word, wordnet, weights.senses);
    for (const sense of senses) add(`w:${POS_MARK[sense.pos]}${sense.offset}`, weights.synset / senses.length);
  }
  if (weights.ngram > 0) {
    const grams = ngramsOf(word, weights.ngramLength);
    for (const gram of grams) add(`g:${gram}`, weights.ngram / grams.length);
  }
  return [...features];
}

interface Sense {
  readonly pos: WordnetPos;
  readonly offset: number;
}

/** The first senses of each part of speech the word's base form has. */
export function sensesOf(word: string, wordnet: WordNet, senses: number): Sense[] {
  const found: Sense[] = [];
  for (const pos of WORDNET_POS) {
    for (const lemma of wordnet.lemmas(word, pos).slice(0, 1)) {
      for (const offset of wordnet.synsets(lemma, pos).slice(0, senses)) found.push({ pos, offset });
    }
  }
  return found;
}

function ngramsOf(word: string, n: number): string[] {
  const marked = `<${word}>`;
  if (marked.length <= n) return [marked];
  const grams: string[] = [];
  for (let i = 0; i + n <= marked.length; i++) grams.push(marked.slice(i, i + n));
  return grams;
}
