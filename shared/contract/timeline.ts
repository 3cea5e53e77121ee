/**
 * A memory through time: its confidence events from the journal (the Timeline tab, `mindloom
 * timeline ID`), its changes with what each field held before and after (the History tab), and
 * taking one field back to a past version (a new journal entry: history is never rewritten).
 */
import { z } from 'zod';
import { memoryTypeSchema } from '../model';
import { count, expectedVersion, fieldBag, isoTime, MemoryViewSchema, memoryId } from './common';

/** Why a memory's stored state moved; decay is not among them: it is computed on read and drawn as a curve. */
export const TIMELINE_CAUSES = [
  'created',
  'promoted',
  'supersedes',
  'reinforced',
  'contradicted',
  'verified',
  'edited',
  'reverted',
  'superseded',
  'reviewed',
  'lifecycle',
  'undone',
  'other',
] as const;
export type TimelineCause = (typeof TIMELINE_CAUSES)[number];

/** The fields a person edits by hand, and so may take back (status and review have their own operations). */
export const REVERTIBLE_FIELDS = ['content', 'fields', 'confidence', 'scope', 'project', 'sourceEntity'] as const;
export type RevertibleField = (typeof REVERTIBLE_FIELDS)[number];

/** One change as a person reads it (the CLI's JSON, a row of the Timeline tab's table): see `shared/timeline-events.ts`. */
export interface TimelineEvent {
  /** The journal row's seq: the event's identity. */
  seq: number;
  at: string;
  op: string;
  cause: TimelineCause;
  actor: string;
  reason: string | null;
  evidence: string | null;
  /** The memory behind the change (the reinforcing episode, the successor, the source). */
  linkedId: string | null;
  confidenceBefore: number | null;
  confidenceAfter: number | null;
  alpha: number | null;
  beta: number | null;
  /** When the decay clock (re)started, as of after the change. */
  decayFrom: string;
  protected: boolean;
  /** The memory's version after the change; null for rows that changed no field of it. */
  version: number | null;
}

const epochMs = z.number().int();
const position = z.number().int().min(0);
const numbers = z.array(z.number().nullable());

/**
 * A timeline's events as columns, oldest first: entry i of every column is event i. A memory
 * reinforced thousands of times ships one array of numbers per field instead of an object per event,
 * and each text once: `op`, `actor`, `reason`, `evidence` and `linkedId` are positions in `strings`
 * (null: none), `cause` a position in TIMELINE_CAUSES, times epoch milliseconds.
 */
export const TimelineEventColumnsSchema = z.object({
  seq: z.array(z.number().int()),
  at: z.array(epochMs),
  op: z.array(position),
  cause: z.array(position.max(TIMELINE_CAUSES.length - 1)),
  actor: z.array(position),
  reason: z.array(position.nullable()),
  evidence: z.array(position.nullable()),
  linkedId: z.array(position.nullable()),
  confidenceBefore: numbers,
  confidenceAfter: numbers,
  alpha: numbers,
  beta: numbers,
  decayFrom: z.array(epochMs),
  protected: z.array(z.boolean()),
  version: z.array(z.number().int().nullable()),
  strings: z.array(z.string()),
});
export type TimelineEventColumns = z.output<typeof TimelineEventColumnsSchema>;

export const TimelineSchema = z.object({
  id: z.string(),
  type: memoryTypeSchema,
  events: TimelineEventColumnsSchema,
  /** Older events were left out (the newest `limit` are kept). */
  truncated: z.boolean(),
  asOf: isoTime.nullable(),
  /** Beliefs it superseded and those that superseded it, nearest first: candidates to overlay. */
  predecessors: z.array(z.string()),
  successors: z.array(z.string()),
});
export type Timeline = z.output<typeof TimelineSchema>;

/** One journal row about a memory with the fields it changed (before and after) and the version it made. */
export const ChangeEntrySchema = z.object({
  seq: z.number().int(),
  at: isoTime,
  actor: z.string(),
  op: z.string(),
  runId: z.string().nullable(),
  reason: z.string().nullable(),
  evidence: z.unknown(),
  before: fieldBag.nullable(),
  after: fieldBag.nullable(),
  confidenceBefore: z.number().nullable(),
  confidenceAfter: z.number().nullable(),
  /** The action (transaction) it belongs to: undo takes back the whole action. */
  actionId: z.number().int(),
  /** The version this change made; the one before it is what a revert of its fields goes back to. */
  memoryVersion: z.number().int().nullable(),
});
export type ChangeEntry = z.output<typeof ChangeEntrySchema>;

const asOfAndLimit = {
  id: memoryId,
  /** Only what was written by this instant. */
  asOf: isoTime.optional(),
  limit: z.number().int().min(1).max(50_000).optional(),
};

/** A Browser page asks for its rows' confidence trails in one call of at most this many. */
export const MAX_TRAIL_IDS = 200;
/** A trail is drawn in a row's width: more points than this would not show. */
export const TRAIL_POINTS = 24;

export const ConfidenceTrailsSchema = z.object({
  /** Per memory whose stored confidence changed: the values it held, oldest first (thinned, first and last kept). */
  trails: z.record(z.string(), z.array(z.number())),
});
export type ConfidenceTrails = z.output<typeof ConfidenceTrailsSchema>;

export const TIMELINE_CALLS = {
  /** Every change to a memory's stored state, oldest first, with its cause (as columns). */
  'memories.timeline': { request: z.strictObject(asOfAndLimit), response: TimelineSchema },
  /** Confidence trails for a page of Browser rows at once (memories whose confidence never moved have none). */
  'memories.confidenceTrails': {
    request: z.strictObject({ ids: z.array(memoryId).max(MAX_TRAIL_IDS), asOf: isoTime.optional() }),
    response: ConfidenceTrailsSchema,
  },
  /** The memory's changes, newest first, with what each field held before and after. */
  'memories.changes': {
    request: z.strictObject(asOfAndLimit),
    response: z.object({ items: z.array(ChangeEntrySchema), truncated: z.boolean() }),
  },
  /** One field back to what version `toVersion` held; a stale `expectedVersion` is a `version_conflict`. */
  'memories.revertField': {
    request: z.strictObject({
      id: memoryId,
      field: z.enum(REVERTIBLE_FIELDS),
      toVersion: z.number().int().min(1),
      expectedVersion,
      reason: z.string().max(2_000).optional(),
    }),
    response: z.object({ memory: MemoryViewSchema, entry: ChangeEntrySchema, action: count }),
  },
} as const;
