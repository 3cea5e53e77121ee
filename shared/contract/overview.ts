/** The overview: the mind in numbers, and what calls for attention. */
import { z } from 'zod';
import { MEMORY_STATUSES, MEMORY_TYPES, TIERS } from '../model';
import { count, noPayload, RunInfoSchema } from './common';

export const CONFIDENCE_BUCKETS = 10;

const countsBy = <T extends string>(keys: readonly [T, ...T[]]) => z.record(z.enum(keys), count);

export const OverviewSchema = z.object({
  total: count,
  byType: countsBy(MEMORY_TYPES),
  byTier: countsBy(TIERS),
  byStatus: countsBy(MEMORY_STATUSES),
  /** Inferred memories waiting for a person's approval. */
  reviewPending: count,
  openContradictions: count,
  /** Memories with a code or file reference whose lines changed or whose file is gone since it was verified. */
  codeChanged: count,
  /** Active memories whose effective confidence is below 0.5; counted up to a cap. */
  uncertain: z.object({ count, capped: z.boolean() }),
  lastRun: RunInfoSchema.nullable(),
  /** Active memories by stored confidence: bucket i holds [i/10, (i+1)/10), the last includes 1. */
  confidenceHistogram: z.array(count).length(CONFIDENCE_BUCKETS),
});
export type Overview = z.output<typeof OverviewSchema>;

export const OVERVIEW_CALLS = {
  'mind.overview': { request: noPayload, response: OverviewSchema },
} as const;
