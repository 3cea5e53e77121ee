/**
 * Recall previewed by a person: the agent's own ranking (mind/recall.ts) with meaning from the mind's
 * embedder, as the MCP server gives it, but without counting as a retrieval.
 */
import type { RECALL_CALLS } from '../../shared/contract/recall';
import { meaningSource } from '../consolidation/recall-meaning';
import { recall } from '../mind/recall';
import type { ApiContext, HandlerSlice } from './handler-table';

type RecallCall = keyof typeof RECALL_CALLS;

export function recallCalls(ctx: ApiContext): HandlerSlice<RecallCall> {
  return {
    'memories.recall': async ({ query, limit, types }) => {
      const mind = ctx.session.mind();
      const meaning = await meaningSource(mind, { openAiApiKey: ctx.platform.secrets.get('openai-api-key') ?? undefined }).forQuery(query);
      const { hits, search } = recall(mind, { query, limit, types }, { actor: 'user', meaning, recordAccess: false });
      return { hits: hits.map(({ memory, score, why, matchedWords, signals }) => ({ memory, score, why, matchedWords, signals })), search };
    },
  };
}
