/**
 * Consolidation runs as a history of changesets: each run with what it did, then its changes memory
 * by memory (the journal rows carrying its id). Reverting a run is `consolidation.revert`.
 */
import { z } from 'zod';
import { count, isoTime, MemoryRefSchema, RunInfoSchema } from './common';

/** Runs listed per page at most; changes listed per page at most. */
export const MAX_RUNS_PAGE = 100;
export const MAX_CHANGES_PAGE = 500;

export const RunListItemSchema = RunInfoSchema.extend({
  /** What the run reported when it ended (zeros for a run that never finished). */
  counts: z.object({ created: count, reinforced: count, contradicted: count, proposals: count, droppedByRejection: count }),
  /** Its changeset's length: the journal rows it wrote. */
  changes: count,
});
export type RunListItem = z.output<typeof RunListItemSchema>;

/** One journal row of a run, with the memory it is about as that memory stands now. */
export const RunChangeSchema = z.object({
  seq: z.number().int(),
  at: isoTime,
  op: z.string(),
  memory: MemoryRefSchema.nullable(),
  confidenceBefore: z.number().nullable(),
  confidenceAfter: z.number().nullable(),
  reason: z.string().nullable(),
  /**
   * When the run stands reverted and the revert left this change's memory as it was: the change
   * made to it after the run that kept the revert away. Null otherwise.
   */
  leftByRevert: z.object({ actor: z.string(), op: z.string(), at: isoTime }).nullable(),
});
export type RunChange = z.output<typeof RunChangeSchema>;

export const RUN_CALLS = {
  /** Most recent first; `cursor` is the previous page's `nextCursor`. */
  'runs.list': {
    request: z
      .strictObject({ limit: z.number().int().min(1).max(MAX_RUNS_PAGE).optional(), cursor: z.string().max(300).nullable().optional() })
      .optional(),
    response: z.object({ items: z.array(RunListItemSchema), nextCursor: z.string().nullable() }),
  },
  /** A run and its changes in the order it made them; `after` is the previous page's `nextAfter`. */
  'runs.changeset': {
    request: z.strictObject({
      runId: z.string().min(1).max(100),
      limit: z.number().int().min(1).max(MAX_CHANGES_PAGE).optional(),
      after: z.number().int().min(0).nullable().optional(),
    }),
    response: z.object({
      run: RunListItemSchema,
      items: z.array(RunChangeSchema),
      nextAfter: z.number().int().nullable(),
      /** Memories the run changed that its standing revert left as they were (0 while not reverted). */
      memoriesLeftByRevert: count,
    }),
  },
} as const;
