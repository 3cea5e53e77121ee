/**
 * Why consolidation drafted a belief: the episodes of the cluster it was drafted from, each with
 * its similarity to the cluster's centroid, the words they share, and the threshold the cluster
 * was formed at. Recorded when the belief was created; null for a belief consolidation did not
 * draft (written by hand, imported, or created before explanations were recorded).
 */
import { z } from 'zod';
import { MEMORY_STATUSES } from '../model';
import { PROVIDER_IDS } from '../settings';
import { memoryId } from './common';

export const ExplanationEpisodeSchema = z.object({
  id: z.string(),
  /** As the episode reads now (empty once forgotten). */
  content: z.string(),
  status: z.enum(MEMORY_STATUSES),
  /** Cosine to the cluster's centroid, in the space the run compared in. */
  similarity: z.number(),
  /** The statement rests on it: the model cited it, or the statement was drawn from its sentence. */
  cited: z.boolean(),
});
export type ExplanationEpisode = z.output<typeof ExplanationEpisodeSchema>;

export const BeliefExplanationSchema = z.object({
  beliefId: z.string(),
  runId: z.string(),
  createdAt: z.string(),
  provider: z.enum(PROVIDER_IDS),
  /** The embedder whose space the similarities are in. */
  embedder: z.string(),
  /** The average similarity the cluster's members had to reach to be grouped. */
  threshold: z.number(),
  /** Mean similarity of the episodes to their centroid. */
  cohesion: z.number(),
  /** Most central first. */
  episodes: z.array(ExplanationEpisodeSchema),
  /** Words at least two of the episodes use, by how many do, most shared first. */
  sharedTerms: z.array(z.object({ term: z.string(), episodes: z.number().int() })),
});
export type BeliefExplanation = z.output<typeof BeliefExplanationSchema>;

export const EXPLAIN_CALLS = {
  'memories.explain': {
    request: z.strictObject({ id: memoryId }),
    response: z.object({ explanation: BeliefExplanationSchema.nullable() }),
  },
} as const;
