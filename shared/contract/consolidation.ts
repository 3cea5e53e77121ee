/** Consolidation calls: the scheduler's state, running by hand, pausing and cancelling. */
import { z } from 'zod';
import { RUN_STAGES, RUN_STATUSES } from '../consolidation-runs';
import { count, isoTime, noPayload, RunInfoSchema } from './common';

export const ConsolidationStatusSchema = z.object({
  state: z.enum(['idle', 'running', 'paused', 'disabled']),
  runId: z.string().optional(),
  progress: z.object({ stage: z.enum(RUN_STAGES), done: count, total: count }).optional(),
  lastRun: RunInfoSchema.nullable(),
  nextTimerAt: isoTime.nullable(),
  /** Counted up to EPISODE_COUNT_CAP (shared/consolidation-runs.ts). */
  episodesSinceCheckpoint: count,
});
export type ConsolidationStatus = z.output<typeof ConsolidationStatusSchema>;

/** What a run did (or, dry, would do): the CLI's summary plus its actions. */
export const RunSummarySchema = z.object({
  runId: z.string(),
  status: z.enum(RUN_STATUSES),
  clustersFound: count,
  created: count,
  reinforced: count,
  contradicted: count,
  proposals: count,
  droppedByRejection: count,
  skipped: z.array(z.object({ item: z.string(), reason: z.string() })),
  durationMs: z.number().nonnegative(),
  actions: z.array(z.object({ op: z.string(), memoryId: z.string().nullable(), summary: z.string() })),
});
export type RunSummaryView = z.output<typeof RunSummarySchema>;

export const CONSOLIDATION_CALLS = {
  'consolidation.status': { request: noPayload, response: ConsolidationStatusSchema },
  /** Runs now, by hand; `invalid_state` while a run is going. Dry: the changeset, nothing written. */
  'consolidation.runNow': {
    request: z.strictObject({ dryRun: z.boolean().optional() }).optional(),
    response: RunSummarySchema,
  },
  /** Paused: no automatic runs (a run going on finishes); by hand still works. */
  'consolidation.pause': { request: noPayload, response: ConsolidationStatusSchema },
  'consolidation.resume': { request: noPayload, response: ConsolidationStatusSchema },
  /** Stops the running run between items; what it finished stays, the rest waits for the next run. */
  'consolidation.cancel': { request: noPayload, response: ConsolidationStatusSchema },
} as const;
