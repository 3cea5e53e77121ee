/**
 * The `openai` consolidation provider: synthesis, classification and triage through chat
 * completions with strict JSON-schema output, embeddings through `/embeddings`, against any
 * OpenAI-compatible base URL. Timeouts and retries are the openai client's own: `timeout` bounds
 * each request (its body included, see whole-response-fetch.ts), `maxRetries` retries connection
 * failures, timeouts, 408/409/429 and 5xx with exponential backoff (honouring `retry-after`), so
 * this module does not re-implement them.
 */
import { OpenAI } from 'openai';
import type { OpenAiSettings } from '../../../shared/settings';
import type { ConsolidationProvider } from '../provider';
import type { CallContext } from './call-failure';
import { createOpenAiEmbedder } from './openai-embedder';
import { classificationPrompt, synthesisPrompt, triagePrompt } from './prompts';
import { askStructured } from './structured-chat';
import { fetchWholeResponse } from './whole-response-fetch';
import {
  BeliefCandidateAnswer,
  candidateOf,
  CLASSIFICATION_FORMAT,
  classificationOf,
  ClassificationOutput,
  SYNTHESIS_FORMAT,
  TRIAGE_FORMAT,
  TriageOutput,
} from './structured-outputs';

export interface OpenAiProviderOptions {
  /** Ask the embedding model for vectors of this length (the `dimensions` parameter). */
  readonly dimension?: number;
}


export function createOpenAiProvider(
  settings: OpenAiSettings,
  apiKey: string,
  options: OpenAiProviderOptions = {},
): ConsolidationProvider {
  const client = new OpenAI({
    baseURL: settings.baseUrl,
    apiKey,
    timeout: settings.timeoutMs,
    maxRetries: settings.maxRetries,
    fetch: fetchWholeResponse,
  });
  const callFor = (what: string, model: string): CallContext => ({
    what,
    model,
    baseUrl: settings.baseUrl,
    timeoutMs: settings.timeoutMs,
    attempts: settings.maxRetries + 1,
  });

  return {
    id: 'openai',
    embedder: createOpenAiEmbedder(client, callFor('embedding', settings.embeddingModel), options.dimension),

    async synthesize(cluster, signal) {
      const call = callFor('synthesis', settings.chatModel);
      const answer = await askStructured(client, { call, format: SYNTHESIS_FORMAT, schema: BeliefCandidateAnswer, prompt: synthesisPrompt(cluster) }, signal);
      return candidateOf(answer, cluster, `synthesis with ${settings.chatModel} at ${settings.baseUrl}`);
    },

    async classify(belief, episode, signal) {
      const call = callFor('classification', settings.chatModel);
      const prompt = classificationPrompt(belief, episode);
      return classificationOf(await askStructured(client, { call, format: CLASSIFICATION_FORMAT, schema: ClassificationOutput, prompt }, signal));
    },

    triage(raw, signal) {
      const call = callFor('triage', settings.chatModel);
      return askStructured(client, { call, format: TRIAGE_FORMAT, schema: TriageOutput, prompt: triagePrompt(raw) }, signal);
    },
  };
}
