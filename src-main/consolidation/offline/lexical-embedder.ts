/**
 * The offline embedder: a text's features (text-features.ts) weighted by inverse document
 * frequency learned from the mind itself, as a sparse L2-normalized vector. What one mind says
 * all the time ("deploy" in a release engineer's log) weighs little; what it says rarely weighs
 * much, so two episodes are close when they share what is unusual about them.
 *
 * The weights depend on the mind, so nothing is kept in the vector table: each run learns the
 * document frequencies from the texts it compares (its episodes, the active beliefs and a sample
 * of the mind's recent episodes, see run.ts) and computes the vectors, which costs less than
 * reading stored ones. The id names the representation: changing it (features, weighting)
 * means bumping the id, so minds built with the old one start afresh (thresholds.ts keeps the
 * cut-offs per id).
 */
import type { Embedder } from '../provider';
import { type SparseVector, sparseFrom } from '../vector-math';
import { contentWordsOf, FEATURE_WEIGHTS, type FeatureWeights, wordFeatures } from './text-features';
import { type WordNet, wordNet } from './wordnet';

export const LEXICAL_EMBEDDER_ID = 'offline-lexical-1';

export interface LexicalEmbedder extends Embedder {
  /** The vector of one text, synchronously (synthesis and classification score sentences with it). */
  vectorOf(text: string): SparseVector;
}

export function createLexicalEmbedder(options: { wordnet?: WordNet; weights?: FeatureWeights } = {}): LexicalEmbedder {
  const wordnet = options.wordnet ?? wordNet();
  const weights = options.weights ?? FEATURE_WEIGHTS;
  const featureIndex = new Map<string, number>();
  const indexOf = (key: string) => {
    let index = featureIndex.get(key);
    if (index === undefined) {
      index = featureIndex.size;
      featureIndex.set(key, index);
    }
    return index;
  };
  // A word's features never change; a run meets the same words again and again.
  const byWord = new Map<string, readonly (readonly [index: number, weight: number])[]>();
  const featuresOfWord = (word: string) => {
    let features = byWord.get(word);
    if (features === undefined) {
      features = wordFeatures(word, wordnet, weights).map(([key, weight]) => [indexOf(key), weight] as const);
      byWord.set(word, features);
    }
    return features;
  };
  const featuresOfText = (text: string): Map<number, number> => {
    const features = new Map<number, number>();
    for (const word of contentWordsOf(text)) for (const [index, weight] of featuresOfWord(word)) features.set(index, (features.get(index) ?? 0) + weight);
    return features;
  };
  /** Smoothed inverse document frequency by feature: one every text has still weighs 1. */
  let weightOf = new Map<number, number>();
  /** An unseen feature weighs the most. */
  let unseenWeight = 1;
  /** The texts learned from, read once, and their vectors once asked for: a run embeds the very texts it learned from. */
  let learned = new Map<string, { features: Map<number, number>; vector?: SparseVector }>();

  const vectorOf = (text: string): SparseVector => {
    const known = learned.get(text);
    if (known?.vector) return known.vector;
    const weighted = new Map<number, number>();
    for (const [index, weight] of known?.features ?? featuresOfText(text)) weighted.set(index, weight * (weightOf.get(index) ?? unseenWeight));
    const vector = sparseFrom(weighted);
    if (known) known.vector = vector;
    return vector;
  };

  return {
    id: LEXICAL_EMBEDDER_ID,
    dimension: 0,
    stored: false,
    learn(corpus) {
      learned = new Map();
      const counts = new Map<number, number>();
      for (const text of corpus) {
        let entry = learned.get(text);
        if (entry === undefined) {
          entry = { features: featuresOfText(text) };
          learned.set(text, entry);
        }
        for (const index of entry.features.keys()) counts.set(index, (counts.get(index) ?? 0) + 1);
      }
      const documents = corpus.length;
      weightOf = new Map([...counts].map(([index, count]) => [index, Math.log((documents + 1) / (count + 1)) + 1]));
      unseenWeight = Math.log(documents + 1) + 1;
    },
    embed: (texts) => Promise.resolve(texts.map(vectorOf)),
    vectorOf,
  };
}
