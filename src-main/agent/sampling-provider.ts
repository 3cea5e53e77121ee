/**
 * The connected agent's model as a consolidation provider: synthesis, classification and triage
 * are asked of the MCP client through `sampling/createMessage`, with the very prompts the openai
 * provider sends (consolidation/openai/prompts.ts) and its answers read by the same schemas and
 * checks (a cited id must be one of the cluster's). The client's model answers in words, so the
 * JSON is asked for in the prompt and read defensively; an answer that does not fit is that
 * item's ProviderItemError, and the run goes on. Vectors stay offline (the protocol has no
 * embeddings): the lexical space groups the episodes, the agent's model reasons about them.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { z } from 'zod';
import { createLexicalEmbedder } from '../consolidation/offline/lexical-embedder';
import { classificationPrompt, synthesisPrompt, triagePrompt } from '../consolidation/openai/prompts';
import { parseJsonAnswer } from '../consolidation/openai/structured-chat';
import { BeliefCandidateAnswer, candidateOf, classificationOf, ClassificationOutput, TriageOutput } from '../consolidation/openai/structured-outputs';
import { type ConsolidationProvider, ProviderItemError } from '../consolidation/provider';

/** Enough for the largest answer the prompts ask for (a statement, fields and citations). */
const MAX_TOKENS = 800;
const SYSTEM_PROMPT = 'You help consolidate an AI agent\'s memory. Answer with the JSON object asked for and nothing else.';

export function createSamplingProvider(server: Server): ConsolidationProvider {
  const ask = async <T>(what: string, prompt: string, schema: z.ZodType<T>, signal: AbortSignal): Promise<T> => {
    const at = `${what} by the connected agent's model`;
    let result: Awaited<ReturnType<Server['createMessage']>>;
    try {
      result = await server.createMessage(
        { messages: [{ role: 'user', content: { type: 'text', text: prompt } }], systemPrompt: SYSTEM_PROMPT, includeContext: 'none', maxTokens: MAX_TOKENS },
        { signal },
      );
    } catch (error) {
      if (signal.aborted) throw error;
      // The client declined (a person said no) or failed this request: this item waits for the next run.
      throw new ProviderItemError(`${at}: ${error instanceof Error ? error.message : String(error)}`, 'refused');
    }
    const content = Array.isArray(result.content) ? result.content[0] : result.content;
    if (content?.type !== 'text') throw new ProviderItemError(`${at}: the answer is not text (${content?.type ?? 'empty'})`, 'malformed');
    return parseJsonAnswer(content.text, schema, `${at} (${result.model})`);
  };
  return {
    id: 'agent',
    embedder: createLexicalEmbedder(),
    async synthesize(cluster, signal) {
      return candidateOf(await ask('synthesis', synthesisPrompt(cluster), BeliefCandidateAnswer, signal), cluster, "synthesis by the connected agent's model");
    },
    async classify(belief, episode, signal) {
      return classificationOf(await ask('classification', classificationPrompt(belief, episode), ClassificationOutput, signal));
    },
    triage: (raw, signal) => ask('triage', triagePrompt(raw), TriageOutput, signal),
  };
}
