/**
 * `mindloom recall QUERY`: the agent's ranking from a terminal, each hit with why it came back, as
 * the MCP `recall` tool words it and `#/recall` shows it. Looking is not a retrieval: the memories'
 * access statistics stay as they were.
 */
import { recallText } from '../../../agent/render';
import { environmentSecrets } from '../../../api/platform';
import { previewRecall } from '../../../api/recall-calls';
import { DEFAULT_RECALL_LIMIT, MAX_RECALL_LIMIT } from '../../../mind/recall';
import type { MindCommand } from '../command';
import { json } from '../output';
import { memoryType } from './inputs';

export const recallCommand: MindCommand = {
  kind: 'mind',
  name: 'recall',
  usage: 'recall QUERY [--limit N] [--types T,…]',
  summary: `What the agent would recall for QUERY, best first, each with why (words, meaning, tier, confidence); --limit up to ${MAX_RECALL_LIMIT} (default ${DEFAULT_RECALL_LIMIT}), --types e.g. belief,episode. Records no access.`,
  positionals: ['QUERY'],
  options: { limit: { type: 'string' }, types: { type: 'string', multiple: true } },
  async run(mind, input) {
    const query = input.args[0] as string;
    const types = input.options
      .strings('types')
      .flatMap((list) => list.split(','))
      .map((t) => t.trim())
      .filter((t) => t !== '')
      .map(memoryType);
    const result = await previewRecall(
      mind,
      { query, limit: input.options.integer('limit'), types: types.length > 0 ? types : undefined },
      { openAiApiKey: environmentSecrets(input.io.env).get('openai-api-key') ?? undefined },
    );
    return input.json ? json({ query, search: result.search, hits: result.hits }) : recallText(query, result.hits);
  },
};
