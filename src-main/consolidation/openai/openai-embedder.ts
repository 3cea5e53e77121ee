/**
 * Embeddings from an OpenAI-compatible `/embeddings` endpoint. Vectors are requested as plain
 * floats (every compatible server speaks that; base64 is an OpenAI extra) in batches, checked
 * (one finite vector per input, all of one dimension) and L2-normalized, so cosine is a dot
 * product downstream whatever the server returns.
 */
import type { OpenAI } from 'openai';
import { z } from 'zod';
import { ProviderItemError, type Embedder } from '../provider';
import { normalizeInPlace } from '../vector-math';
import { callFailure, type CallContext } from './call-failure';
import { withCallSignal } from './call-signal';

/** Inputs per request: well under the API's 2,048-input limit, and short enough to time out per call. */
const BATCH_SIZE = 256;

const EmbeddingsEnvelope = z.object({
  data: z.array(z.object({ index: z.number().int().min(0), embedding: z.array(z.number().finite()) })),
});

/**
 * `dimension`, when given, is sent as the `dimensions` parameter (text-embedding-3 models shorten
 * their vectors) and every answer must match it; it is part of the id, since a shortened space is
 * another space for the similarity thresholds kept per embedder.
 */
export function createOpenAiEmbedder(client: OpenAI, call: CallContext, dimension?: number): Embedder {
  let knownDimension = dimension ?? 0;
  const at = `${call.what} with ${call.model} at ${call.baseUrl}`;

  async function embedBatch(texts: readonly string[], signal: AbortSignal): Promise<Float32Array[]> {
    let response: unknown;
    try {
      response = await withCallSignal(signal, (callSignal) =>
        client.embeddings.create(
          {
            model: call.model,
            input: [...texts],
            encoding_format: 'float',
            ...(dimension === undefined ? {} : { dimensions: dimension }),
          },
          { signal: callSignal },
        ),
      );
    } catch (error) {
      throw callFailure(error, call, signal);
    }
    const envelope = EmbeddingsEnvelope.safeParse(response);
    if (!envelope.success) throw new ProviderItemError(`${at}: the response is not a list of embeddings`, 'malformed');
    const byIndex = new Map(envelope.data.data.map((item) => [item.index, item.embedding]));
    return texts.map((_, index) => {
      const vector = byIndex.get(index);
      if (vector === undefined) throw new ProviderItemError(`${at}: no embedding for input ${index} of ${texts.length}`, 'malformed');
      if (knownDimension === 0) knownDimension = vector.length;
      if (vector.length !== knownDimension) {
        throw new ProviderItemError(`${at}: a vector of ${vector.length} dimensions where ${knownDimension} were expected`, 'malformed');
      }
      const normalized = Float32Array.from(vector);
      if (!normalizeInPlace(normalized)) throw new ProviderItemError(`${at}: a zero vector for input ${index}`, 'malformed');
      return normalized;
    });
  }

  return {
    id: dimension === undefined ? `openai:${call.model}` : `openai:${call.model}:${dimension}`,
    /** 0 until the first answer when no dimension was requested; fixed from then on. */
    get dimension() {
      return knownDimension;
    },
    stored: true,
    async embed(texts, signal) {
      const vectors: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += BATCH_SIZE) {
        vectors.push(...(await embedBatch(texts.slice(start, start + BATCH_SIZE), signal)));
      }
      return vectors;
    },
  };
}
