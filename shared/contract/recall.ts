/**
 * Recall as a person previews it: what the agent would be reminded of for a query (words and
 * meaning, tier, confidence and retrieval strength, DESIGN §4), each hit with why it came back.
 * Looking is not a retrieval: the agent's access statistics stay as they are.
 */
import { z } from 'zod';
import { MEMORY_TYPES, tierSchema } from '../model';
import { MemorySummarySchema } from './common';

export const MAX_RECALL_HITS = 50;

export const RecallHitSchema = z.object({
  memory: MemorySummarySchema,
  score: z.number(),
  /** Why it came back, in a few words. */
  why: z.string(),
  matchedWords: z.array(z.string()),
  signals: z.object({
    /** Full-text match, 0..1, against the best among the candidates. */
    words: z.number(),
    /** Similarity in meaning, 0..1, or null where neither side has a vector. */
    meaning: z.number().nullable(),
    effectiveConfidence: z.number(),
    retrievalStrength: z.number(),
    tier: tierSchema,
  }),
});
export type RecallHitView = z.output<typeof RecallHitSchema>;

export const RECALL_CALLS = {
  'memories.recall': {
    request: z.strictObject({
      query: z.string().trim().min(1).max(2_000),
      limit: z.number().int().min(1).max(MAX_RECALL_HITS).optional(),
      types: z.array(z.enum(MEMORY_TYPES)).max(MEMORY_TYPES.length).optional(),
    }),
    response: z.object({
      hits: z.array(RecallHitSchema),
      /** The words searched, and how meaning took part: its own neighbours, a re-ranking of the word matches, or not at all. */
      search: z.object({ words: z.array(z.string()), meaning: z.enum(['nearest', 'rerank', 'off']) }),
    }),
  },
} as const;
