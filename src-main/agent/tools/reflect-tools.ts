/**
 * Reflection by the agent: `reflect` hands over the next episodes (and raw captures) no run has
 * consolidated, grouped as the offline run groups them, with the beliefs they may bear on;
 * `propose_beliefs` takes the lessons the agent drew from them, checks each, and writes what
 * passes as one consolidation run by the agent, for a person to review (consolidation/reflect/).
 */
import { z } from 'zod';
import { DEFAULT_BATCH_CAPTURES, DEFAULT_BATCH_EPISODES, handOutBatch, MAX_BATCH_EPISODES, type ReflectBatch } from '../../consolidation/reflect/reflect-batch';
import { type ProposalOutcome, proposeBeliefs } from '../../consolidation/reflect/propose';
import { memoryIdInput } from '../schemas';
import { type AgentTool, defineTool } from '../tool';

const BatchMemorySchema = z.object({ id: z.string(), date: z.string(), text: z.string() });
const BeliefHintSchema = z.object({ id: z.string(), statement: z.string(), confidence: z.number(), reviewStatus: z.string().nullable() });

const ReflectOutput = z.object({
  batch: z.string().nullable().describe('Name it in propose_beliefs; null when nothing waits.'),
  groups: z.array(z.object({ episodes: z.array(BatchMemorySchema), beliefs: z.array(BeliefHintSchema) })),
  ungrouped: z.array(z.object({ episode: BatchMemorySchema, beliefs: z.array(BeliefHintSchema) })),
  captures: z.array(BatchMemorySchema),
  waitingAfter: z.number().int().describe('Episodes still waiting after this batch (counted up to 1,000).'),
});

const citesInput = z.array(memoryIdInput).min(1).max(200);

const ProposeOutput = z.object({
  runId: z.string().nullable().describe('The consolidation run the answer was written as (a person reviews and may revert it); null when nothing was written.'),
  accepted: z.array(
    z.object({
      proposal: z.enum(['belief', 'reinforcement']),
      index: z.number().int(),
      outcome: z.enum(['created', 'reinforced', 'merged']),
      beliefId: z.string(),
      statement: z.string(),
      episodes: z.array(z.string()),
      why: z.string(),
    }),
  ),
  dropped: z.array(z.object({ proposal: z.enum(['belief', 'reinforcement']), index: z.number().int(), statement: z.string(), reason: z.string() })),
  contradictions: z.array(z.object({ beliefId: z.string(), with: z.string(), kind: z.string() })),
  episodesHandled: z.number().int(),
});

export const reflectTool = defineTool({
  name: 'reflect',
  title: 'Reflect on recent experience',
  description:
    'Get the next batch of episodes (and raw captures) that no consolidation has learned from yet, grouped by what they are about, each group ' +
    'with the beliefs it may bear on. Read them, draw the general lessons they teach, and answer with propose_beliefs naming the batch. ' +
    'Nothing is marked until you answer; calling reflect again returns the same waiting episodes in a new batch.',
  input: z.strictObject({
    episodes: z.number().int().min(1).max(MAX_BATCH_EPISODES).optional().describe(`How many episodes (default ${DEFAULT_BATCH_EPISODES}).`),
    captures: z.number().int().min(0).max(MAX_BATCH_EPISODES).optional().describe(`How many raw captures (default ${DEFAULT_BATCH_CAPTURES}).`),
  }),
  output: ReflectOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  writes: true,
  run(args, ctx) {
    const batch = handOutBatch(ctx.mind, {
      actor: ctx.actor(),
      episodes: args.episodes ?? DEFAULT_BATCH_EPISODES,
      captures: args.captures ?? DEFAULT_BATCH_CAPTURES,
    });
    return { text: batchText(batch), data: batch };
  },
});

export const proposeBeliefsTool = defineTool({
  name: 'propose_beliefs',
  title: 'Propose beliefs from a reflection',
  description:
    'Answer a reflect batch: the general lessons its episodes teach, each one falsifiable sentence citing the ids (from the batch) it rests on, and ' +
    'reinforcements of existing beliefs the episodes bear out. Each is checked: citations must come from the batch; a statement a person rejected is ' +
    'never learned again; one that repeats an existing belief reinforces it instead. What passes is written as one consolidation run, the new ' +
    'beliefs pending a person\'s review, and the batch\'s episodes count as consolidated. An empty answer says the batch teaches nothing.',
  input: z.strictObject({
    batch: z.string().trim().min(1).max(100).describe('The batch reflect handed out.'),
    beliefs: z
      .array(
        z.strictObject({
          statement: z.string().trim().min(1).max(1_000).describe('One general, falsifiable lesson (a sentence).'),
          subject: z.string().trim().max(500).optional().describe('The entity it is about.'),
          predicate: z.string().trim().max(500).optional().describe('The property or preference.'),
          context: z.string().trim().max(500).optional().describe("When or where it applies ('general' if always)."),
          timeframe: z.enum(['current', 'past', 'always']).optional(),
          cites: citesInput.describe('Ids of the batch it rests on: its episodes (evidence; at least one) and captures.'),
        }),
      )
      .max(100)
      .default([]),
    reinforcements: z
      .array(
        z.strictObject({
          belief: memoryIdInput.describe('An active belief (bl_…) the episodes bear out.'),
          cites: citesInput.describe('Episodes of the batch that bear it out.'),
          reason: z.string().trim().max(2_000).optional(),
        }),
      )
      .max(100)
      .default([]),
  }),
  output: ProposeOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  writes: true,
  async run(args, ctx) {
    const outcome = await proposeBeliefs(ctx.mind, args, { actor: ctx.actor() });
    return { text: outcomeText(outcome), data: outcome };
  },
});

function batchText(batch: ReflectBatch): string {
  if (batch.batch === null) return 'Nothing waits: every episode has been consolidated.';
  const line = (m: { id: string; date: string; text: string }) => `- [${m.id}] ${m.date.slice(0, 10)} ${m.text.replace(/\n/g, ' ')}`;
  const beliefs = (list: ReflectBatch['groups'][number]['beliefs']) =>
    list.length === 0 ? '' : `\n  beliefs it may bear on:\n${list.map((b) => `  - [${b.id}] ${b.statement} (confidence ${b.confidence.toFixed(2)})`).join('\n')}`;
  const parts = [`Batch ${batch.batch}.`];
  batch.groups.forEach((group, i) => parts.push(`Group ${i + 1}:\n${group.episodes.map(line).join('\n')}${beliefs(group.beliefs)}`));
  if (batch.ungrouped.length > 0) parts.push(`Not grouped:\n${batch.ungrouped.map((u) => `${line(u.episode)}${beliefs(u.beliefs)}`).join('\n')}`);
  if (batch.captures.length > 0) parts.push(`Raw captures:\n${batch.captures.map(line).join('\n')}`);
  parts.push(
    `${batch.waitingAfter} more episodes wait after this batch. Answer with propose_beliefs { batch: "${batch.batch}", beliefs: [{ statement, cites: [ids] }], reinforcements: [{ belief, cites }] }.`,
  );
  return parts.join('\n\n');
}

function outcomeText(outcome: ProposalOutcome): string {
  if (outcome.runId === null) return `Nothing was written: ${outcome.dropped.map((d) => `"${d.statement}": ${d.reason}`).join('; ')}. Correct the citations and answer the same batch again.`;
  const lines = [`Written as consolidation run ${outcome.runId} (${outcome.episodesHandled} episodes consolidated; a person reviews it).`];
  for (const a of outcome.accepted) lines.push(`- ${a.outcome} ${a.beliefId}: "${a.statement}" (${a.why})`);
  for (const d of outcome.dropped) lines.push(`- dropped ${d.proposal} ${d.index} "${d.statement}": ${d.reason}`);
  for (const c of outcome.contradictions) lines.push(`- ${c.beliefId} contradicts ${c.with} (${c.kind}): recorded for a person to settle`);
  return lines.join('\n');
}

export const REFLECT_TOOLS: readonly AgentTool[] = [reflectTool, proposeBeliefsTool];
