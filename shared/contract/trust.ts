/**
 * Trust calls: forgetting a memory for good (with its impact first), reverting a consolidation
 * run (an interrupted one included), backups, and the health check a damaged file gets.
 */
import { z } from 'zod';
import { linkKindSchema, memoryStatusSchema, memoryTypeSchema } from '../model';
import { count, expectedVersion, filePathInput, isoTime, memoryId, MemoryViewSchema, noPayload } from './common';
import { action } from './review';

/** What forgetting a memory would do (src-main/mind/forget-impact.ts). */
export const ForgetImpactSchema = z.object({
  id: z.string(),
  type: memoryTypeSchema,
  status: memoryStatusSchema,
  version: z.number().int(),
  preview: z.string(),
  /** Its first words: what the person types to confirm. */
  confirmation: z.string(),
  /** Why it cannot be forgotten now; null when it can. */
  refusal: z.string().nullable(),
  removes: z.object({ versions: count, journalEntries: count, evidenceRefs: count, embedding: z.boolean(), rejections: count }),
  resolvesContradictions: count,
  dependents: z.object({
    items: z.array(z.object({ id: z.string(), type: memoryTypeSchema, status: memoryStatusSchema, preview: z.string(), kind: linkKindSchema })),
    total: count,
    transitive: count,
    losingEvidence: count,
  }),
});
export type ForgetImpactView = z.output<typeof ForgetImpactSchema>;

export const ForgetResultSchema = z.object({
  /** The tombstone. */
  view: MemoryViewSchema,
  /** False while another program reads the file: the old words stay in its write-ahead log until it lets go. */
  logCleared: z.boolean(),
  /** Other memories the forgetting changed (they lost it as evidence). */
  affected: z.array(z.string()),
});

export const RevertResultSchema = z.object({
  runId: z.string(),
  reverted: count,
  /** Memories changed after the run by someone else: left as they are. */
  conflicts: z.array(z.object({ memoryId: z.string(), laterChange: z.object({ seq: z.number().int(), actor: z.string(), op: z.string() }) })),
  /** The revert is one action: Undo takes it back. */
  action,
});

export const CHECK_NAMES = [
  'integrity',
  'write_ahead_log',
  'link_ends',
  'superseded_successors',
  'tallies',
  'search_index',
  /** The indexes recall and reflection keep beside the search index: turns in their conversation, and the belief and turn word indexes. */
  'recall_indexes',
  'orphaned_runs',
  'versions',
  'text_encoding',
  /** An import interrupted part-way (its process gone): running it again finishes it. */
  'interrupted_imports',
  /** Informational (always ok): which other processes hold the mind open, when the system can tell. */
  'other_processes',
] as const;
export type CheckName = (typeof CHECK_NAMES)[number];

export const CheckResultSchema = z.object({
  name: z.enum(CHECK_NAMES),
  ok: z.boolean(),
  problems: count,
  summary: z.string(),
  /** The first problems found, as rows. */
  samples: z.array(z.record(z.string(), z.unknown())),
  /** Derivable from the rows, so `repair` can fix it. */
  repairable: z.boolean(),
  repaired: z.boolean(),
  /** How long this check took (a million-memory mind: seconds for some). */
  durationMs: count,
});
export type CheckResult = z.output<typeof CheckResultSchema>;

export const CheckReportSchema = z.object({
  path: z.string(),
  /** False when the file did not open as a mind: only its integrity was checked. */
  opened: z.boolean(),
  ok: z.boolean(),
  schemaVersion: z.number().int().nullable(),
  checkedAt: isoTime,
  durationMs: count,
  /** A repair ran (the checks are then those after it). */
  repaired: z.boolean(),
  checks: z.array(CheckResultSchema),
});
export type CheckReport = z.output<typeof CheckReportSchema>;

export const BackupResultSchema = z.object({
  path: z.string(),
  bytes: count,
  memories: count,
  durationMs: count,
  /** Runs that were going when the copy was taken: marked interrupted in the copy. */
  interruptedRuns: z.array(z.string()),
});
export type BackupResult = z.output<typeof BackupResultSchema>;

export const BackupFileSchema = z.object({ path: z.string(), name: z.string(), at: isoTime, bytes: count, automatic: z.boolean() });
export type BackupFile = z.output<typeof BackupFileSchema>;

export const BACKUP_STAGES = ['copy', 'verify', 'done', 'failed'] as const;


export const TRUST_CALLS = {
  'memories.forgetImpact': { request: z.strictObject({ id: memoryId }), response: ForgetImpactSchema },
  /** `confirmation`: the memory's first words as the person typed them; anything else forgets nothing (`invalid_input`). */
  'memories.forget': {
    request: z.strictObject({ id: memoryId, expectedVersion, confirmation: z.string().max(1_000), reason: z.string().trim().max(2_000).optional() }),
    response: ForgetResultSchema,
  },
  /** Undoes a run's changes (a finished or an interrupted run); `invalid_state` while it runs. */
  'consolidation.revert': { request: z.strictObject({ runId: z.string().min(1).max(100) }), response: RevertResultSchema },
  /**
   * A consistent copy of the open mind while it is in use. No path: the Electron shell asks where
   * (null when the person cancels); the host writes it into the mind's backup folder.
   */
  'mind.backup': {
    request: z.strictObject({ path: filePathInput.optional(), overwrite: z.boolean().optional() }).optional(),
    response: BackupResultSchema.nullable(),
  },
  /** The backup folder of the open mind and the backups in it, newest first. */
  'mind.backups': { request: noPayload, response: z.object({ folder: z.string(), backups: z.array(BackupFileSchema) }) },
  /** The health check; `path` checks a file that is not open (one that failed to open), else the open mind. */
  'mind.check': {
    request: z.strictObject({ path: filePathInput.optional(), repair: z.boolean().optional() }).optional(),
    response: CheckReportSchema,
  },
} as const;

export const TRUST_EVENTS = {
  /** A backup's progress (pages copied, then the copy's check), and its end. */
  'backup.progress': z.object({
    path: z.string(),
    stage: z.enum(BACKUP_STAGES),
    done: count,
    total: count,
    /** The daily backup (nobody asked for it: its end is worth a notice). */
    automatic: z.boolean(),
    message: z.string().optional(),
  }),
} as const;
