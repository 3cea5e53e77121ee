/**
 * Judging memories: verify and reinforce (confidence up, with the evidence that moved it),
 * supersede (a belief replaced by a better one that inherits its evidence) and forget (the one
 * true delete: the words go everywhere, a tombstone stays).
 */
import { z } from 'zod';
import { MindError } from '../../../shared/errors';
import { MemorySummarySchema } from '../../../shared/contract';
import { reinforceMemory, verifyMemory } from '../../mind/confidence-ops';
import { forgetWithReport, getForgetImpact } from '../../mind/forget-impact';
import { summarizeMemory } from '../../mind/list';
import { getMemoryView } from '../../mind/memory-view';
import { supersedeBelief } from '../../mind/supersede';
import type { Mind } from '../../mind/mind';
import { memoryLine } from '../render';
import { memoryIdInput, provenanceInput } from '../schemas';
import { type AgentTool, defineTool } from '../tool';

const JUDGE = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;

const ConfidenceMoved = z.object({ memory: MemorySummarySchema, confidenceBefore: z.number(), confidenceAfter: z.number() });

const reasonInput = z.string().trim().min(1).max(2_000);

/** Verify and reinforce: an id and the evidence in, how confidence moved out. */
function confidenceTool(spec: {
  name: 'verify' | 'reinforce';
  title: string;
  description: string;
  evidence: string;
  verb: string;
  apply(mind: Mind, id: string, input: { evidence?: string | undefined }, options: { actor: string }): ReturnType<typeof verifyMemory>;
}): AgentTool {
  return defineTool({
    name: spec.name,
    title: spec.title,
    description: spec.description,
    input: z.strictObject({ id: memoryIdInput, evidence: z.string().trim().max(10_000).optional().describe(spec.evidence) }),
    output: ConfidenceMoved,
    annotations: JUDGE,
    writes: true,
    run({ id, evidence }, ctx) {
      const before = getMemoryView(ctx.mind, id).confidence;
      const record = spec.apply(ctx.mind, id, { evidence }, { actor: ctx.actor() });
      const memory = summarizeMemory(record, ctx.mind.now());
      return {
        text: `${spec.verb} ${memoryLine(memory)}: confidence ${before.toFixed(2)} → ${record.confidence.toFixed(2)}.`,
        data: { memory, confidenceBefore: before, confidenceAfter: record.confidence },
      };
    },
  });
}

export const verifyTool = confidenceTool({
  name: 'verify',
  title: 'Verify a memory',
  description:
    'Confirm a memory is still true after checking it against something (code, a document, a person). A belief gains α+1; any other memory gains 0.1 ' +
    '(capped at 1). Its decay clock restarts.',
  evidence: 'What you checked it against (kept in its history).',
  verb: 'Verified',
  apply: verifyMemory,
});

export const reinforceTool = confidenceTool({
  name: 'reinforce',
  title: 'Reinforce a memory',
  description:
    'Something happened that bears a memory out. A belief gains α+1; any other memory gains a boost that shrinks as it is reinforced more often. ' +
    'Name an episode id (ep_…) as evidence to link it as supporting evidence.',
  evidence: 'What bore it out: an episode id (linked as evidence) or a description.',
  verb: 'Reinforced',
  apply: reinforceMemory,
});

export const supersedeTool = defineTool({
  name: 'supersede',
  title: 'Supersede a belief',
  description:
    'Replace a belief you no longer hold as stated with a better one. The new belief derives from and supersedes the old one and inherits its ' +
    'supporting episodes; the old one becomes inactive (superseded), and both histories record why.',
  input: z.strictObject({
    id: memoryIdInput.describe('The belief to replace (bl_…).'),
    statement: z.string().trim().min(1).max(5_000).describe('The new belief, one sentence.'),
    reason: reasonInput.describe('Why the old statement no longer holds.'),
    source: provenanceInput.source,
    inferred: provenanceInput.inferred,
  }),
  output: z.object({ created: MemorySummarySchema, superseded: MemorySummarySchema }),
  annotations: JUDGE,
  writes: true,
  run(args, ctx) {
    const result = supersedeBelief(
      ctx.mind,
      args.id,
      { content: args.statement, source: args.source, sourceType: args.inferred ? 'inference' : undefined },
      { actor: ctx.actor(), reason: args.reason },
    );
    const now = ctx.mind.now();
    const created = summarizeMemory(result.created, now);
    const superseded = summarizeMemory(result.superseded, now);
    const review = created.reviewStatus === 'pending' ? '\nThe new belief is kept as an inference and waits for a person to review it.' : '';
    return { text: `Superseded ${superseded.id} with ${memoryLine(created)}.${review}`, data: { created, superseded } };
  },
});

export const forgetTool = defineTool({
  name: 'forget',
  title: 'Forget a memory',
  description:
    'Delete a memory for good: its words leave the mind, its history and the search index; a tombstone (its id, type and who forgot it when) stays ' +
    'so lineage keeps its shape. Memories it supported stop counting it as evidence, and its open contradictions are resolved. ' +
    'Protected memories cannot be forgotten. To retire a belief that is merely wrong, supersede it instead.',
  input: z.strictObject({ id: memoryIdInput, reason: reasonInput.describe('Why it must go (kept with the tombstone).') }),
  output: z.object({
    memory: MemorySummarySchema,
    /** Memories that stood on it: they stay and keep their own words (the same impact the CLI and the app show). */
    standingOn: z.array(z.object({ id: z.string(), kind: z.string() })),
  }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  writes: true,
  run({ id, reason }, ctx) {
    const impact = getForgetImpact(ctx.mind, id);
    if (impact.refusal !== null) throw new MindError('invalid_state', impact.refusal, { id });
    const result = forgetWithReport(ctx.mind, impact, { actor: ctx.actor(), reason, expectedVersion: impact.version });
    const memory = summarizeMemory(result.record, ctx.mind.now());
    const standingOn = impact.dependents.items.map((item) => ({ id: item.id, kind: item.kind }));
    const kept =
      impact.dependents.total === 0
        ? ''
        : ` ${impact.dependents.total === 1 ? '1 memory that stood on it keeps its' : `${impact.dependents.total} memories that stood on it keep their`} own words: ${standingOn.map((s) => s.id).join(', ')}; forget those too if they repeat it.`;
    return { text: `Forgot ${id}: its words are gone; a tombstone keeps its place in lineage.${kept}`, data: { memory, standingOn } };
  },
});

export const JUDGEMENT_TOOLS: readonly AgentTool[] = [verifyTool, reinforceTool, supersedeTool, forgetTool];
