/**
 * The contract's building blocks: the field shapes every feature's calls reuse, and the memory
 * as it crosses the boundary. Times cross as ISO 8601 strings, everywhere.
 */
import { z } from 'zod';
import { RUN_STATUSES, RUN_TRIGGERS } from '../consolidation-runs';
import { memoryStatusSchema, memoryTypeSchema, reviewStatusSchema, sourceTypeSchema, tierSchema } from '../model';

export const isoTime = z.iso.datetime({ offset: true });
export const memoryId = z.string().min(1).max(200);
export const unitInterval = z.number().min(0).max(1);
export const count = z.number().int().min(0);
/** Calls without a payload take an empty object (or nothing at all). */
export const noPayload = z.strictObject({}).optional();
export const fieldBag = z.record(z.string(), z.unknown());

/** The version an edit was made against; a newer stored version is a `version_conflict`. */
/**
 * A file path a call takes. A NUL cannot be in any file name, and Node refuses one with an error of
 * its own, so it is refused here, with the field named, before any file is touched.
 */
export const filePathInput = z
  .string()
  .trim()
  .min(1)
  .max(4_096)
  .refine((path) => !path.includes('\u0000'), 'a path cannot hold a NUL character');

export const expectedVersion = z.number().int().min(1);

/** A memory as stored, times as ISO (shared/model.ts `Memory`). */
export const MemorySchema = z.object({
  id: z.string(),
  type: memoryTypeSchema,
  content: z.string(),
  fields: fieldBag,
  sourceType: sourceTypeSchema,
  sourceEntity: z.string().nullable(),
  confidence: z.number(),
  alpha: z.number().nullable(),
  beta: z.number().nullable(),
  timesReinforced: count,
  verificationCount: count,
  lastVerifiedAt: isoTime.nullable(),
  lastReinforcedAt: isoTime.nullable(),
  reviewStatus: reviewStatusSchema.nullable(),
  status: memoryStatusSchema,
  protected: z.boolean(),
  scope: z.string(),
  project: z.string().nullable(),
  stability: z.number(),
  accessCount: count,
  lastAccessedAt: isoTime.nullable(),
  codeRefCount: count,
  eventEvidenceCount: count,
  supersededBy: z.string().nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
  version: z.number().int(),
  tier: tierSchema,
});

/** A memory in a list: its stored state plus the clock-dependent readings a list shows. */
export const MemorySummarySchema = MemorySchema.extend({
  effectiveConfidence: z.number(),
  stale: z.boolean(),
});
export type MemorySummary = z.output<typeof MemorySummarySchema>;

export const MemoryRefSchema = z.object({
  id: z.string(),
  type: memoryTypeSchema,
  content: z.string(),
  status: memoryStatusSchema,
});
export type MemoryRef = z.output<typeof MemoryRefSchema>;

/** Where an imported memory came from: `show SYSTEM:ORIGINAL_ID` reaches it. */
export const OriginSchema = z.object({
  system: z.string(),
  originalId: z.string(),
  /** The Kernle stack or the file it was read from. */
  container: z.string().nullable(),
  /** What the source held that Mindloom has no field for (tags, scope, annotations). */
  details: z.record(z.string(), z.unknown()),
  importedAt: isoTime,
});
export type Origin = z.output<typeof OriginSchema>;

export const ProvenanceSchema = z.object({
  sourceType: z.string(),
  sourceEntity: z.string().nullable(),
  origin: OriginSchema.nullable(),
  derivedFrom: z.array(MemoryRefSchema),
  processedInto: z.array(MemoryRefSchema),
  evidence: z.array(MemoryRefSchema),
  counterEvidence: z.array(MemoryRefSchema),
  supersedes: z.array(MemoryRefSchema),
  supersededBy: z.array(MemoryRefSchema),
  mergedFrom: z.array(MemoryRefSchema),
  splitFrom: z.array(MemoryRefSchema),
});
export type Provenance = z.output<typeof ProvenanceSchema>;

export const EvidenceRefViewSchema = z.object({
  seq: z.number().int(),
  kind: z.string(),
  ref: z.string(),
  note: z.string().nullable(),
  createdAt: isoTime,
  /** A code or file reference anchored in a named repository: the commit it was verified at, and what the last check found. */
  verifiedCommit: z.string().nullable(),
  /** `current`, `moved` (same lines at `currentPath`), `changed`, `gone`; null when never anchored. */
  state: z.enum(['current', 'moved', 'changed', 'gone']).nullable(),
  currentPath: z.string().nullable(),
  stateReason: z.string().nullable(),
});

/** One memory as a person inspects it (src-main/mind/memory-view.ts). */
export const MemoryViewSchema = MemorySchema.extend({
  /** Confidence after decay, at the view's time. `confidence` is the stored value. */
  effectiveConfidence: z.number(),
  /** Why the memory has its tier, in words. */
  tierWhy: z.string(),
  stale: z.boolean(),
  retrievalStrength: z.number(),
  /** The past instant the view shows, or null for now. */
  asOf: isoTime.nullable(),
  provenance: ProvenanceSchema,
  evidenceRefs: z.array(EvidenceRefViewSchema),
});
export type MemoryView = z.output<typeof MemoryViewSchema>;

/** A journal row about one memory: what changed, who did it, why (src-main/mind/history.ts). */
export const HistoryEntrySchema = z.object({
  at: isoTime,
  actor: z.string(),
  op: z.string(),
  runId: z.string().nullable(),
  before: fieldBag.nullable(),
  after: fieldBag.nullable(),
  confidenceBefore: z.number().nullable(),
  confidenceAfter: z.number().nullable(),
  reason: z.string().nullable(),
  evidence: z.unknown(),
  /** The action (transaction) the row belongs to: undo takes back the whole action. */
  actionId: z.number().int(),
  /** The version of the memory the row made; null for a row that made none (an access). */
  memoryVersion: z.number().int().nullable(),
});
export type HistoryEntry = z.output<typeof HistoryEntrySchema>;

/** A consolidation run as a list or the overview shows it. */
export const RunInfoSchema = z.object({
  id: z.string(),
  trigger: z.enum(RUN_TRIGGERS),
  provider: z.string(),
  status: z.enum(RUN_STATUSES),
  startedAt: isoTime,
  finishedAt: isoTime.nullable(),
  error: z.string().nullable(),
  /** When the run's changes were undone, if they were. */
  revertedAt: isoTime.nullable(),
});
export type RunInfo = z.output<typeof RunInfoSchema>;
