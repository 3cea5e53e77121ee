/**
 * Recall previewed by a person: the agent's own ranking (mind/recall.ts) with meaning from the mind's
 * embedder, as the MCP server gives it, but without counting as a retrieval.
 */
import type { RECALL_CALLS } from '../../shared/contract/recall';
import { meaningSource } from '../consolidation/recall-meaning';
import type { Mind } from '../mind/mind';
import { type RecallRequest, type RecallResult, recall } from '../mind/recall';
import type { ApiContext, HandlerSlice } from './handler-table';

type RecallCall = keyof typeof RECALL_CALLS;

/**
 * The agent's ranking of a query, each hit with its why, for a person to look at (`#/recall`,
 * `mindloom recall`): meaning from the mind's embedder (its model when the key is at hand), and the
 * memories' retrieval statistics left alone, so looking does not change what the agent will recall.
 */
export async function previewRecall(mind: Mind, request: RecallRequest, secrets: { openAiApiKey?: string | undefined }): Promise<RecallResult> {
  const meaning = await meaningSource(mind, secrets).forQuery(request.query);
  const { hits, search } = recall(mind, request, { actor: 'user', meaning, recordAccess: false });
  return { hits: hits.map(({ memory, score, why, matchedWords, signals }) => ({ memory, score, why, matchedWords, signals })), search };
}

export function recallCalls(ctx: ApiContext): HandlerSlice<RecallCall> {
  return {
    'memories.recall': ({ query, limit, types }) =>
      previewRecall(ctx.session.mind(), { query, limit, types }, { openAiApiKey: ctx.platform.secrets.get('openai-api-key') ?? undefined }),
  };
}
