/**
 * Hashed character n-grams: a stateless dense embedding that needs nothing from the mind. It was
 * consolidation's offline embedder before the lexical space (lexical-embedder.ts, learned from
 * the mind and never stored) took its place; it stays for what needs a dense vector of a text at
 * once: recall's comparison of its best text matches with the query in an offline mind (minds
 * built before still hold its vectors, id `offline-ngram`; recall computes them afresh rather
 * than searching them), and the fake OpenAI server's embeddings.
 *
 * Each lower-cased word is wrapped in boundary marks ("<word>") and cut into its 3-, 4- and
 * 5-grams; each n-gram is hashed (FNV-1a, then a murmur finalizer so every bit mixes) to one of
 * `dimension` buckets with a sign taken from another hash bit (signed hashing keeps collisions
 * from piling up in one direction), and the vector is L2-normalized. Deterministic, no model, no network: texts that share words and word
 * pieces ("deploy", "deploys", "deployment") land close together.
 */
import type { Embedder } from '../provider';
import { normalizeInPlace } from '../vector-math';

export const NGRAM_EMBEDDER_ID = 'offline-ngram';
export const NGRAM_DIMENSION = 384;
const MIN_GRAM = 3;
const MAX_GRAM = 5;

function hashGram(text: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const WORDS = /[\p{L}\p{N}]+(?:'[\p{L}]+)*/gu;

export function embedText(text: string, dimension: number): Float32Array {
  const vector = new Float32Array(dimension);
  for (const match of text.toLowerCase().matchAll(WORDS)) {
    const marked = `<${match[0]}>`;
    for (let n = MIN_GRAM; n <= MAX_GRAM; n += 1) {
      for (let start = 0; start + n <= marked.length; start += 1) {
        const h = hashGram(marked, start, start + n);
        const bucket = h % dimension;
        vector[bucket] = (vector[bucket] as number) + ((h & 0x80000000) === 0 ? 1 : -1);
      }
    }
  }
  normalizeInPlace(vector);
  return vector;
}

export function createNgramEmbedder(dimension = NGRAM_DIMENSION): Embedder {
  return {
    id: NGRAM_EMBEDDER_ID,
    dimension,
    stored: true,
    embed: (texts) => Promise.resolve(texts.map((text) => embedText(text, dimension))),
  };
}
