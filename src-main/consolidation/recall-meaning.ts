/**
 * What recall can compare in meaning in this mind, from the embedder its vectors came from. The
 * hashed n-gram embedding (offline/ngram-embedder.ts) runs here in microseconds, so an offline
 * mind gets every recall's best text matches compared with the query in it: a mind consolidated
 * offline keeps no vectors (the lexical space is learned per run), one with no vectors yet is the
 * same, and so is a mind still holding n-gram vectors from an older version (the re-rank computes
 * the same vectors, and leaves conversation turns to their conversation, which a nearest-vector
 * search over stored n-gram vectors would not). A mind whose vectors came from an
 * OpenAI-compatible model gets the query embedded by that model (one call, bounded by a timeout)
 * for the nearest-vector search, when the key is at hand; when that call fails, recall goes on
 * with words alone.
 */
import type { LocalEmbedder, RecallMeaning } from '../mind/recall';
import type { Mind } from '../mind/mind';
import { readEmbedderInfo } from '../store/vectors-repo';
import { LEXICAL_EMBEDDER_ID } from './offline/lexical-embedder';
import { embedText, NGRAM_DIMENSION, NGRAM_EMBEDDER_ID } from './offline/ngram-embedder';
import { createProvider } from './provider-factory';
import type { Embedder } from './provider';
import { readSettings } from './settings-store';
import { textOf } from './source-text';

/** How long a recall waits for a model to embed its query. */
export const QUERY_EMBED_TIMEOUT_MS = 5_000;

/** The offline meaning: a text's hashed n-grams, computed as recall needs them. */
const NGRAM_MEANING: LocalEmbedder = {
  query: (text) => embedText(text, NGRAM_DIMENSION),
  memory: (memory) => embedText(textOf(memory.type, memory.content, memory.fields), NGRAM_DIMENSION),
};

export interface MeaningSource {
  /** Which space recall's meaning comes from: `offline-ngram`, a model's id, or `none`. */
  readonly space: string;
  forQuery(query: string): Promise<RecallMeaning>;
}

export function meaningSource(mind: Mind, secrets: { openAiApiKey?: string | undefined }): MeaningSource {
  const stored = readEmbedderInfo(mind.store.db);
  if (stored === null || stored.id === LEXICAL_EMBEDDER_ID || stored.id === NGRAM_EMBEDDER_ID) {
    return { space: NGRAM_EMBEDDER_ID, forQuery: () => Promise.resolve({ queryVector: null, local: NGRAM_MEANING }) };
  }
  const model = modelEmbedder(mind, secrets, stored.id);
  if (model === null) return { space: 'none', forQuery: () => Promise.resolve({ queryVector: null, local: null }) };
  return {
    space: stored.id,
    async forQuery(query) {
      try {
        const [vector] = await model.embed([query], AbortSignal.timeout(QUERY_EMBED_TIMEOUT_MS));
        return { queryVector: vector instanceof Float32Array && vector.length === stored.dimension ? vector : null, local: null };
      } catch {
        return { queryVector: null, local: null };
      }
    },
  };
}

/** The settings' model embedder, when it is the one the stored vectors came from and a key is set. */
function modelEmbedder(mind: Mind, secrets: { openAiApiKey?: string | undefined }, storedId: string): Embedder | null {
  const settings = readSettings(mind);
  if (settings.provider !== 'openai' || !secrets.openAiApiKey) return null;
  const embedder = createProvider(settings, secrets).embedder;
  return embedder.id === storedId ? embedder : null;
}
