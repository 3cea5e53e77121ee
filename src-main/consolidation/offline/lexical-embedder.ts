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
import { normalizeInPlace, type SparseVector } from '../vector-math';
import { contentWordsOf, FEATURE_WEIGHTS, type FeatureWeights, wordFeatures } from './text-features';
import { type WordNet, wordNet } from './wordnet';

export const LEXICAL_EMBEDDER_ID = 'offline-lexical-1';

export interface LexicalEmbedder extends Embedder {
  /** The vector of one text, synchronously (synthesis and classification score sentences with it). */
  vectorOf(text: string): SparseVector;
}

/** A text's features by index, ascending, with their summed weights (before the mind's weighting). */
interface TextFeatures {
  readonly indices: Int32Array;
  readonly weights: Float64Array;
}

/** Texts whose features are kept (a few reflections' worth of episodes, beliefs and rejected statements); past it they are read afresh. */
const CACHED_TEXTS = 20_000;

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
  // Nor do a text's: reflection learns from the mind's same recent episodes call after call, and
  // weighs the same rejected statements and beliefs again in each call's space. Kept in index
  // order, so a vector is its weights scaled in place.
  const byText = new Map<string, TextFeatures>();
  const featuresOfText = (text: string): TextFeatures => {
    let features = byText.get(text);
    if (features === undefined) {
      const counted = new Map<number, number>();
      for (const word of contentWordsOf(text)) for (const [index, weight] of featuresOfWord(word)) counted.set(index, (counted.get(index) ?? 0) + weight);
      const indices = Int32Array.from(counted.keys()).sort();
      features = { indices, weights: Float64Array.from(indices, (index) => counted.get(index) as number) };
      if (byText.size >= CACHED_TEXTS) byText.clear();
      byText.set(text, features);
    }
    return features;
  };
  /** Smoothed inverse document frequency by feature index (0: not seen): one every text has still weighs 1. */
  let idf = new Float64Array(0);
  /** An unseen feature weighs the most. */
  let unseenWeight = 1;
  /** The texts learned from, read once, and their vectors once asked for: a run embeds the very texts it learned from. */
  let learned = new Map<string, { features: TextFeatures; vector?: SparseVector }>();

  const vectorOf = (text: string): SparseVector => {
    const known = learned.get(text);
    if (known?.vector) return known.vector;
    const { indices, weights } = known?.features ?? featuresOfText(text);
    const kept = new Int32Array(indices.length);
    const values = new Float32Array(indices.length);
    let n = 0;
    for (let i = 0; i < indices.length; i++) {
      const index = indices[i] as number;
      const weighted = (weights[i] as number) * (idf[index] || unseenWeight);
      if (weighted === 0) continue;
      kept[n] = index;
      values[n++] = weighted;
    }
    const vector = { indices: kept.subarray(0, n), values: values.subarray(0, n) };
    normalizeInPlace(vector.values);
    if (known) known.vector = vector;
    return vector;
  };

  return {
    id: LEXICAL_EMBEDDER_ID,
    dimension: 0,
    stored: false,
    learn(corpus) {
      learned = new Map();
      for (const text of corpus) if (!learned.has(text)) learned.set(text, { features: featuresOfText(text) });
      const counts = new Int32Array(featureIndex.size);
      for (const text of corpus) for (const index of (learned.get(text) as { features: TextFeatures }).features.indices) counts[index] = (counts[index] as number) + 1;
      const documents = corpus.length;
      idf = Float64Array.from(counts, (count) => (count === 0 ? 0 : Math.log((documents + 1) / (count + 1)) + 1));
      unseenWeight = Math.log(documents + 1) + 1;
    },
    embed: (texts) => Promise.resolve(texts.map(vectorOf)),
    vectorOf,
  };
}
