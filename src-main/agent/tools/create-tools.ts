/**
 * Writing memories: `capture` keeps a raw turn or observation as it came; `add_<type>` creates one
 * memory of each kind with its own fields, where it came from (`source`), what it was made from
 * (`derived_from`) and what supports it (`evidence`). What the agent marks as inferred is kept as
 * an inference and waits for a person's review.
 */
import { z } from 'zod';
import { writtenText } from '../../../shared/text';
import { MemorySummarySchema } from '../../../shared/contract';
import type { MemoryType } from '../../../shared/model';
import { recordContradictionsOf } from '../../mind/contradictions';
import { createMemory } from '../../mind/create';
import { summarizeMemory } from '../../mind/list';
import { memoryLine } from '../render';
import { ContradictionMatchSchema, provenanceInput, unit } from '../schemas';
import { type AgentContext, type AgentTool, defineTool, type ToolAnswer } from '../tool';

const CreatedOutput = z.object({
  memory: MemorySummarySchema,
  /** Active beliefs a new belief contradicts by rule, each recorded as an open contradiction (supersede one, or keep both as a tension). */
  contradicts: z.array(ContradictionMatchSchema.extend({ contradiction: z.string().describe('The recorded contradiction (ct_…).') })),
});
type Created = z.output<typeof CreatedOutput>;

const WRITE = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;

const text = (max: number, describe: string) => writtenText(max).describe(describe);

/** Provenance arguments as createMemory takes them. */
function provenanceOf(args: z.output<z.ZodObject<typeof provenanceInput>>) {
  return {
    source: args.source,
    sourceType: args.inferred ? ('inference' as const) : undefined,
    derivedFrom: args.derived_from,
    evidence: args.evidence,
    evidenceRefs: args.evidence_refs,
    scope: args.scope,
    project: args.project,
  };
}

/** Creates the memory; a belief's rule contradictions with active beliefs are recorded in the same transaction. */
function save(ctx: AgentContext, type: MemoryType, content: string, fields: Record<string, unknown>, args: z.output<z.ZodObject<typeof provenanceInput>> & { confidence?: number | undefined }): ToolAnswer<Created> {
  const actor = ctx.actor();
  const { record, contradicts } = ctx.mind.store.transaction(() => {
    const created = createMemory(ctx.mind, { type, content, fields: withoutUndefined(fields), confidence: args.confidence, ...provenanceOf(args) }, { actor });
    return { record: created, contradicts: type === 'belief' ? recordContradictionsOf(ctx.mind, created, { actor }) : [] };
  });
  const memory = summarizeMemory(record, ctx.mind.now());
  const lines = [`Saved ${memoryLine(memory)}.`];
  if (memory.reviewStatus === 'pending') lines.push('It is kept as an inference and waits for a person to review it before it is trusted.');
  for (const match of contradicts) {
    lines.push(
      `It contradicts ${match.belief.id} "${match.belief.content}" (${match.kind}: ${match.terms.join(' vs ')}): recorded as ${match.contradiction}, open until a person resolves it.`,
    );
  }
  return { text: lines.join('\n'), data: { memory, contradicts } };
}

function withoutUndefined(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

const confidenceInput = unit.optional().describe('How sure you are, 0 to 1 (default 0.8).');

export const captureTool = defineTool({
  name: 'capture',
  title: 'Capture a raw memory',
  description:
    'Keep something exactly as it came: a conversation turn, a message, an observation, before deciding what it means. ' +
    'Raw captures are the bottom of every lineage; promote them later by naming them in derived_from of an episode, note or belief.',
  input: z.strictObject({
    text: text(100_000, 'The words as they came.'),
    conversation_id: z.string().max(500).optional().describe('The conversation this came from.'),
    turn_id: z.string().max(500).optional().describe('The turn within the conversation.'),
    role: z.string().max(100).optional().describe('Who spoke: user, assistant, tool, …'),
    at: z.iso.datetime({ offset: true }).optional().describe('When it was said (ISO 8601).'),
    source: provenanceInput.source,
  }),
  output: CreatedOutput,
  annotations: WRITE,
  writes: true,
  run(args, ctx) {
    const origin = withoutUndefined({ conversationId: args.conversation_id, turnId: args.turn_id, role: args.role, at: args.at });
    return save(ctx, 'raw', args.text, Object.keys(origin).length > 0 ? { source: origin } : {}, { source: args.source });
  },
});

/**
 * An `add_<type>` tool: the memory's main text under the name that fits its type (an episode's
 * objective, a belief's statement…), its type's own fields, confidence and provenance.
 */
function addTool<S extends z.ZodRawShape>(spec: {
  type: Exclude<MemoryType, 'raw'>;
  title: string;
  description: string;
  /** The main text's argument name and schema. */
  content: readonly [name: string, schema: z.ZodString];
  fields: S;
  /** The type's fields (shared/model FIELD_SCHEMAS names) from the arguments. */
  toFields(args: z.output<z.ZodObject<S>>): Record<string, unknown>;
  confidence?: z.ZodOptional<z.ZodNumber>;
}): AgentTool {
  const [contentName, contentSchema] = spec.content;
  return defineTool({
    name: `add_${spec.type}`,
    title: spec.title,
    description: spec.description,
    input: z.strictObject({ [contentName]: contentSchema, ...spec.fields, confidence: spec.confidence ?? confidenceInput, ...provenanceInput }),
    output: CreatedOutput,
    annotations: WRITE,
    writes: true,
    run(args, ctx) {
      const all = args as Record<string, unknown> & z.output<z.ZodObject<typeof provenanceInput>> & { confidence?: number };
      return save(ctx, spec.type, all[contentName] as string, spec.toFields(args as z.output<z.ZodObject<S>>), all);
    },
  });
}

export const addEpisodeTool = addTool({
  type: 'episode',
  title: 'Add an episode',
  description:
    'Record something that happened: what you set out to do, how it turned out, and what you learned. Episodes are the evidence beliefs stand on.',
  content: ['objective', text(20_000, 'What you were trying to do.')],
  fields: {
    outcome: z.string().max(20_000).optional().describe('What happened.'),
    outcome_type: z.enum(['success', 'failure', 'partial', 'unknown']).optional(),
    lessons: z.array(z.string().trim().min(1).max(2_000)).max(20).optional().describe('What you learned, one lesson per entry.'),
    emotional_valence: z.number().min(-1).max(1).optional().describe('-1 (bad) to 1 (good).'),
    emotional_arousal: unit.optional().describe('0 (calm) to 1 (intense).'),
  },
  toFields: (a) => ({
    outcome: a.outcome,
    outcomeType: a.outcome_type,
    lessons: a.lessons,
    emotionalValence: a.emotional_valence,
    emotionalArousal: a.emotional_arousal,
  }),
});

export const addNoteTool = addTool({
  type: 'note',
  title: 'Add a note',
  description: 'Keep a decision, insight, observation, quote, question, idea or fact worth remembering as it is.',
  content: ['content', text(100_000, 'The note.')],
  fields: {
    note_type: z.enum(['decision', 'insight', 'observation', 'quote', 'question', 'idea', 'fact']).optional(),
    speaker: z.string().max(200).optional().describe('Who said it, for a quote or a decision.'),
  },
  toFields: (a) => ({ noteType: a.note_type, speaker: a.speaker }),
});

export const addBeliefTool = addTool({
  type: 'belief',
  title: 'Add a belief',
  description:
    'State something you hold to be true, as one falsifiable sentence. Its confidence comes from its evidence (α = 1 + supporting episodes, β = 1). ' +
    'When it contradicts an active belief the contradiction is recorded (open, for a person to resolve) and the answer names it; to replace a belief use supersede instead.',
  content: ['statement', text(5_000, 'The belief, one sentence.')],
  fields: {
    subject: z.string().max(500).optional().describe('What it is about.'),
    predicate: z.string().max(500).optional().describe('The property or preference it states.'),
    context: z.string().max(500).optional().describe('When or where it applies.'),
    timeframe: z.enum(['current', 'past', 'always']).optional(),
    belief_type: z.enum(['fact', 'preference', 'principle', 'pattern', 'meta']).optional(),
  },
  toFields: (a) => ({ subject: a.subject, predicate: a.predicate, context: a.context, timeframe: a.timeframe, beliefType: a.belief_type }),
  confidence: unit.optional().describe('Only when you have no episodes to cite: an initial confidence, 0 to 1.'),
});

export const addValueTool = addTool({
  type: 'value',
  title: 'Add a value',
  description: 'Record something you care about that should guide choices whatever the task. Values appear in every context pack.',
  content: ['statement', text(5_000, 'The value, e.g. "Never ship code that was not run".')],
  fields: {
    name: z.string().max(200).optional().describe('A short name, e.g. "honesty".'),
    priority: z.number().int().min(0).max(100).optional().describe('0 to 100; higher values win when values pull apart.'),
  },
  toFields: (a) => ({ name: a.name, priority: a.priority }),
});

export const addGoalTool = addTool({
  type: 'goal',
  title: 'Add a goal',
  description: 'Record something you are working towards.',
  content: ['title', text(2_000, 'The goal.')],
  fields: {
    description: z.string().max(20_000).optional(),
    goal_status: z.enum(['active', 'completed', 'paused', 'abandoned']).optional(),
    priority: z.enum(['low', 'medium', 'high']).optional(),
  },
  toFields: (a) => ({ description: a.description, goalStatus: a.goal_status, priority: a.priority }),
});

export const addDriveTool = addTool({
  type: 'drive',
  title: 'Add a drive',
  description: 'Record what moves you: a standing motivation and how strong it is.',
  content: ['focus', text(2_000, 'What the drive is towards.')],
  fields: {
    drive_type: z.enum(['existence', 'growth', 'curiosity', 'connection', 'reproduction', 'other']).optional(),
    intensity: unit.optional().describe('0 to 1.'),
  },
  toFields: (a) => ({ driveType: a.drive_type, intensity: a.intensity }),
});

export const addRelationshipTool = addTool({
  type: 'relationship',
  title: 'Add a relationship',
  description: 'Record someone or something you deal with, how you relate to them and how far you trust them.',
  content: ['entity', text(500, 'Who or what: a person, an agent, an organization, a system.')],
  fields: {
    entity_type: z.enum(['person', 'agent', 'organization', 'system', 'other']).optional(),
    relationship_type: z.string().max(200).optional().describe('e.g. colleague, reviewer, user, dependency.'),
    sentiment: z.number().min(-1).max(1).optional().describe('-1 to 1.'),
    trust: unit.optional().describe('0 to 1.'),
  },
  toFields: (a) => ({ entityType: a.entity_type, relationshipType: a.relationship_type, sentiment: a.sentiment, trust: a.trust }),
});

export const CREATE_TOOLS: readonly AgentTool[] = [
  captureTool,
  addEpisodeTool,
  addNoteTool,
  addBeliefTool,
  addValueTool,
  addGoalTool,
  addDriveTool,
  addRelationshipTool,
];
