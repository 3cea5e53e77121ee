/**
 * Remembering: recall (search the mind), consult (a context pack before a task) and expand (one
 * memory's whole card). Each is a retrieval: what it brings back gets its access recorded, which
 * keeps it readily recalled (spaced repetition).
 */
import { z } from 'zod';
import { HistoryEntrySchema, MemoryViewSchema } from '../../../shared/contract';
import { MEMORY_TYPES, memoryTypeSchema } from '../../../shared/model';
import { recordAccess } from '../../mind/access';
import { DEFAULT_PACK_SECTION, MAX_PACK_SECTION, contextPack } from '../../mind/context-pack';
import { getMemoryView } from '../../mind/memory-view';
import { DEFAULT_RECALL_LIMIT, MAX_RECALL_LIMIT, recall } from '../../mind/recall';
import { clip, contradictionLine, memoryCard, memoryLine, recallText, section } from '../render';
import { readMemoryCard } from '../resources';
import { ContradictionViewSchema, memoryIdInput, PackEntrySchema, RecallHitSchema } from '../schemas';
import { type AgentTool, defineTool } from '../tool';

/** Reads that only update retrieval statistics. */
const RETRIEVAL = { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;

export const recallTool = defineTool({
  name: 'recall',
  title: 'Recall memories',
  description:
    'Search your memory. Matches your words (full text) and their meaning, and ranks by how well-founded each memory is ' +
    '(grounded 2.0×, observed 1.5×, inferred 1.0×, hypothesis 0.5×), how sure you are of it and how readily it comes to mind. ' +
    'Episodes, beliefs and every other kind come back blended, each tagged with its type, its id and why it came back. ' +
    `Doubted beliefs (confidence below 0.4) are left out. Returns up to limit hits (default ${DEFAULT_RECALL_LIMIT}).`,
  input: z.strictObject({
    query: z.string().trim().min(1).max(10_000).describe('What to remember, in words: a topic, a question, a name.'),
    limit: z.number().int().min(1).max(MAX_RECALL_LIMIT).optional().describe(`How many memories, 1 to ${MAX_RECALL_LIMIT}.`),
    types: z.array(memoryTypeSchema).max(MEMORY_TYPES.length).optional().describe('Only these kinds of memory (default: all).'),
  }),
  output: z.object({
    query: z.string(),
    searched: z.object({ words: z.array(z.string()), meaning: z.enum(['nearest', 'rerank', 'off']) }),
    hits: z.array(RecallHitSchema),
  }),
  annotations: RETRIEVAL,
  writes: true,
  async run(args, ctx) {
    const result = recall(ctx.mind, { query: args.query, limit: args.limit, types: args.types }, { actor: ctx.actor(), meaning: await ctx.meaning(args.query) });
    const hits = result.hits.map((hit) => ({ tag: hit.memory.type, ...hit }));
    return { text: recallText(args.query, hits), data: { query: args.query, searched: result.search, hits } };
  },
});

export const consultTool = defineTool({
  name: 'consult',
  title: 'Consult memory before a task',
  description:
    'Before you start a task, get a compact context pack for it: the most relevant beliefs, the values and goals that bear on it ' +
    '(standing values and open goals fill in when few match), the open contradictions among what touches it, and the memories that ' +
    'touch it but are uncertain (low confidence, or inferred and not yet reviewed: use them with caution).',
  input: z.strictObject({
    task: z.string().trim().min(1).max(10_000).describe('The task, in a sentence or two.'),
    limit: z.number().int().min(1).max(MAX_PACK_SECTION).optional().describe(`Entries per section (default ${DEFAULT_PACK_SECTION}).`),
  }),
  output: z.object({
    task: z.string(),
    beliefs: z.array(PackEntrySchema),
    values: z.array(PackEntrySchema),
    goals: z.array(PackEntrySchema),
    contradictions: z.array(ContradictionViewSchema),
    uncertain: z.array(PackEntrySchema),
  }),
  annotations: RETRIEVAL,
  writes: true,
  async run(args, ctx) {
    const pack = contextPack(ctx.mind, { task: args.task, limit: args.limit }, { actor: ctx.actor(), meaning: await ctx.meaning(args.task) });
    const lines = (entries: typeof pack.beliefs) => entries.map((e) => memoryLine(e.memory));
    const text = [
      `Context for: ${clip(args.task, 300)}`,
      section('Beliefs', lines(pack.beliefs), 'none found'),
      section('Values', lines(pack.values), 'none recorded'),
      section('Goals', lines(pack.goals), 'none open'),
      section('Open contradictions', pack.contradictions.map(contradictionLine), 'none'),
      section('Uncertain (use with caution)', lines(pack.uncertain), 'none'),
    ].join('\n');
    return { text, data: pack };
  },
});

export const expandTool = defineTool({
  name: 'expand',
  title: 'Expand one memory',
  description:
    "One memory's whole card: its text and fields, confidence (α/β for a belief) now and as stored, its tier and why, " +
    'where it came from (derived from, evidence, counter-evidence, what it supersedes or was superseded by, what was made from it), ' +
    'its recent history and its open contradictions.',
  input: z.strictObject({ id: memoryIdInput }),
  output: z.object({ memory: MemoryViewSchema, history: z.array(HistoryEntrySchema), contradictions: z.array(ContradictionViewSchema) }),
  annotations: RETRIEVAL,
  writes: true,
  run({ id }, ctx) {
    if (getMemoryView(ctx.mind, id).status !== 'forgotten') recordAccess(ctx.mind, id, { actor: ctx.actor() });
    const card = readMemoryCard(ctx.mind, id);
    return { text: memoryCard(card.memory, card.history, card.contradictions), data: card };
  },
});

export const RECALL_TOOLS: readonly AgentTool[] = [recallTool, consultTool, expandTool];
