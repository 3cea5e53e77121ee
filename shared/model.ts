/**
 * The mind's vocabulary, shared by the main process and the renderer: memory types, their
 * statuses and provenance kinds, and the zod schemas of each type's own fields.
 */
import { z } from 'zod';

export const MEMORY_TYPES = [
  'raw',
  'episode',
  'note',
  'belief',
  'value',
  'goal',
  'drive',
  'relationship',
] as const;
export type MemoryType = (typeof MEMORY_TYPES)[number];
export const memoryTypeSchema = z.enum(MEMORY_TYPES);

/** "an episode", "a belief": for messages that name a memory's type. */
export function withArticle(type: MemoryType): string {
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}

/** Id prefixes (docs/ARCHITECTURE.md §3): a memory's type can be read off its id. */
export const ID_PREFIX: Readonly<Record<MemoryType, string>> = {
  raw: 'raw_',
  episode: 'ep_',
  note: 'nt_',
  belief: 'bl_',
  value: 'vl_',
  goal: 'gl_',
  drive: 'dr_',
  relationship: 'rl_',
};

const MEMORY_ID = new RegExp(`^(${Object.values(ID_PREFIX).join('|')})[A-Za-z0-9_-]+$`);

/** Whether some text reads as a memory's id (its type's prefix, then the rest of an id). */
export const isMemoryId = (text: string): boolean => MEMORY_ID.test(text);

/** Whether some evidence text is an episode's id, which reinforcing links as supporting evidence. */
export const isEpisodeId = (text: string): boolean => /^ep_[0-9a-z]+$/.test(text);

export const SOURCE_TYPES = [
  'direct_experience',
  'inference',
  'consolidation',
  'external',
  'seed',
  'observation',
  'unknown',
] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];
export const sourceTypeSchema = z.enum(SOURCE_TYPES);

/** `forgotten` is the tombstone a hard delete leaves: the row stays so links keep their ends. */
export const MEMORY_STATUSES = ['active', 'superseded', 'archived', 'processed', 'forgotten'] as const;
export type MemoryStatus = (typeof MEMORY_STATUSES)[number];
export const memoryStatusSchema = z.enum(MEMORY_STATUSES);

/** `null` review status: entered directly, never queued for review. */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const reviewStatusSchema = z.enum(REVIEW_STATUSES);

export const TIERS = ['grounded', 'observed', 'inferred', 'hypothesis'] as const;
export type Tier = (typeof TIERS)[number];
export const tierSchema = z.enum(TIERS);

/**
 * Link kinds. A link points from the newer memory to the one it stands on:
 * `from derived_from to` reads "from was created from to".
 */
export const LINK_KINDS = [
  'derived_from',
  'evidence',
  'counter_evidence',
  'supersedes',
  'merged_from',
  'split_from',
] as const;
export type LinkKind = (typeof LINK_KINDS)[number];
export const linkKindSchema = z.enum(LINK_KINDS);

/** Evidence references attached to a memory. `code` and `file` ground a memory; `event` is observed evidence. */
export const EVIDENCE_REF_KINDS = ['code', 'file', 'url', 'event', 'text'] as const;
export type EvidenceRefKind = (typeof EVIDENCE_REF_KINDS)[number];
export const evidenceRefKindSchema = z.enum(EVIDENCE_REF_KINDS);
/** The kinds the tier rule reads: references that ground a memory, and those that count as event evidence. */
export const GROUNDING_REF_KINDS: readonly EvidenceRefKind[] = ['code', 'file'];
export const EVENT_REF_KINDS: readonly EvidenceRefKind[] = ['event'];

/** `flagged`: a person marked the two as contradicting by hand. */
export const CONTRADICTION_KINDS = ['negation', 'comparative', 'preference', 'classified', 'partial', 'flagged'] as const;
export type ContradictionKind = (typeof CONTRADICTION_KINDS)[number];
export const CONTRADICTION_STATUSES = ['open', 'acknowledged', 'resolved'] as const;
export type ContradictionStatus = (typeof CONTRADICTION_STATUSES)[number];
/**
 * How a person settles a contradiction: one supersedes the other, a new belief reconciles both,
 * both stand as an acknowledged tension, each is scoped to its own context, or one is archived.
 */
export const CONTRADICTION_RESOLUTIONS = ['supersede', 'reconcile', 'tension', 'scope', 'archive'] as const;
export type ContradictionResolution = (typeof CONTRADICTION_RESOLUTIONS)[number];

const unit = z.number().min(0).max(1);
const signedUnit = z.number().min(-1).max(1);

/**
 * The seven kinds of a coding agent's memory objects (Alexandria's object types), kept on the
 * memories they become: a convention stays a convention when it reads as a belief here.
 */
export const CODE_MEMORY_KINDS = ['constraint', 'convention', 'decision', 'environment', 'failed_attempt', 'known_fix', 'preference'] as const;
const objectType = z.enum(CODE_MEMORY_KINDS).optional();
/** A structured decision or contract as its author recorded it (decision, alternatives, rationale…): shown, not edited. */
const structured = z.record(z.string(), z.unknown()).optional();

/** Values arriving as text (CLI `--field k=v`) are coerced where a number is expected. */
const numberFromText = <T extends z.ZodNumber>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value), schema);
const listFromText = z.preprocess(
  (value) => (typeof value === 'string' ? [value] : value),
  z.array(z.string().min(1)),
);

export const rawFieldsSchema = z
  .object({
    source: z
      .object({
        conversationId: z.string().optional(),
        turnId: z.string().optional(),
        role: z.string().optional(),
        at: z.string().optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

export const episodeFieldsSchema = z
  .object({
    outcome: z.string().optional(),
    outcomeType: z.enum(['success', 'failure', 'partial', 'unknown']).optional(),
    lessons: listFromText.optional(),
    emotionalValence: numberFromText(signedUnit).optional(),
    emotionalArousal: numberFromText(unit).optional(),
    /** Who and what took part (Engram's entities). */
    entities: listFromText.optional(),
    importance: z.enum(['low', 'normal', 'high']).optional(),
    /** The whole account when the memory's words are its summary (Engram keeps both). */
    fullContent: z.string().optional(),
    objectType,
  })
  .strict();

export const noteFieldsSchema = z
  .object({
    noteType: z.enum(['decision', 'insight', 'observation', 'quote', 'question', 'idea', 'fact']).optional(),
    speaker: z.string().optional(),
    objectType,
    structured,
  })
  .strict();

export const beliefFieldsSchema = z
  .object({
    subject: z.string().optional(),
    predicate: z.string().optional(),
    context: z.string().optional(),
    timeframe: z.enum(['current', 'past', 'always']).optional(),
    beliefType: z.enum(['fact', 'preference', 'principle', 'pattern', 'meta']).optional(),
    objectType,
    structured,
  })
  .strict();

export const valueFieldsSchema = z
  .object({
    name: z.string().optional(),
    priority: numberFromText(z.number().int().min(0).max(100)).optional(),
  })
  .strict();

export const goalFieldsSchema = z
  .object({
    description: z.string().optional(),
    goalStatus: z.enum(['active', 'completed', 'paused', 'abandoned']).optional(),
    priority: z.enum(['low', 'medium', 'high']).optional(),
  })
  .strict();

export const driveFieldsSchema = z
  .object({
    driveType: z.enum(['existence', 'growth', 'curiosity', 'connection', 'reproduction', 'other']).optional(),
    intensity: numberFromText(unit).optional(),
  })
  .strict();

export const relationshipFieldsSchema = z
  .object({
    entityType: z.enum(['person', 'agent', 'organization', 'system', 'other']).optional(),
    relationshipType: z.string().optional(),
    sentiment: numberFromText(signedUnit).optional(),
    trust: numberFromText(unit).optional(),
  })
  .strict();

export const FIELD_SCHEMAS = {
  raw: rawFieldsSchema,
  episode: episodeFieldsSchema,
  note: noteFieldsSchema,
  belief: beliefFieldsSchema,
  value: valueFieldsSchema,
  goal: goalFieldsSchema,
  drive: driveFieldsSchema,
  relationship: relationshipFieldsSchema,
} as const satisfies Record<MemoryType, z.ZodType>;

export type MemoryFields = { [T in MemoryType]: z.infer<(typeof FIELD_SCHEMAS)[T]> };

/**
 * A memory's stored state, generic in how times are written: epoch milliseconds inside the main
 * process, ISO strings at every boundary (`Memory`).
 */
export interface MemoryState<Time> {
  id: string;
  type: MemoryType;
  content: string;
  fields: Record<string, unknown>;
  sourceType: SourceType;
  sourceEntity: string | null;
  confidence: number;
  alpha: number | null;
  beta: number | null;
  timesReinforced: number;
  verificationCount: number;
  lastVerifiedAt: Time | null;
  lastReinforcedAt: Time | null;
  reviewStatus: ReviewStatus | null;
  status: MemoryStatus;
  protected: boolean;
  scope: string;
  project: string | null;
  stability: number;
  accessCount: number;
  lastAccessedAt: Time | null;
  codeRefCount: number;
  eventEvidenceCount: number;
  supersededBy: string | null;
  createdAt: Time;
  updatedAt: Time;
  version: number;
  /** Derived from the evidence and review facts above (shared/rules/tiers). */
  tier: Tier;
}

/** A memory as it crosses a boundary (CLI, IPC, HTTP). */
export type Memory = MemoryState<string>;
