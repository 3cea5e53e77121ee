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
import { FEATURE_WEIGHTS, type FeatureWeights, textFeatures, type WordFeatures, wordFeatures } from './text-features';
import { type WordNet, wordNet } from './wordnet';

export const LEXICAL_EMBEDDER_ID = 'offline-lexical-1';

export interface LexicalEmbedder extends Embedder {
  /** The vector of one text, synchronously (synthesis and classification score sentences with it). */
  vectorOf(text: string): SparseVector;
}

export function createLexicalEmbedder(options: { wordnet?: WordNet; weights?: FeatureWeights } = {}): LexicalEmbedder {
  const wordnet = options.wordnet ?? wordNet();
  const weights = options.weights ?? FEATURE_WEIGHTS;
  const byWord = new Map<string, WordFeatures>();
  const featuresOf = (word: string) => {
    let features = byWord.get(word);
    if (features === undefined) {
      features = wordFeatures(word, wordnet, weights);
      byWord.set(word, features);
    }
    return features;
  };
  const featureIndex = new Map<string, number>();
  const indexOf = (key: string) => {
    let index = featureIndex.get(key);
    if (index === undefined) {
      index = featureIndex.size;
      featureIndex.set(key, index);
    }
    return index;
  };
  let documents = 0;
  let frequencies = new Map<string, number>();
  /** Smoothed inverse document frequency: a feature every text has still weighs 1, an unseen one the most. */
  const idf = (key: string) => Math.log((documents + 1) / ((frequencies.get(key) ?? 0) + 1)) + 1;


  const vectorOf = (text: string): SparseVector => {
    const weighted = new Map<number, number>();
    for (const [key, weight] of textFeatures(text, featuresOf)) weighted.set(indexOf(key), weight * idf(key));
    return sparseFrom(weighted);
  };

  return {
    id: LEXICAL_EMBEDDER_ID,
    dimension: 0,
    stored: false,
    learn(corpus) {
      const counts = new Map<string, number>();
      for (const text of corpus) for (const key of textFeatures(text, featuresOf).keys()) counts.set(key, (counts.get(key) ?? 0) + 1);
      frequencies = counts;
      documents = corpus.length;
    },
    embed: (texts) => Promise.resolve(texts.map(vectorOf)),
    vectorOf,
  };
}
