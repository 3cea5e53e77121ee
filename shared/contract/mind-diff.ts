/** Mind diff calls: what happened to the mind between two instants, counted and listed per category. */
import { z } from 'zod';
import { DIFF_CATEGORIES } from '../mind-diff';
import { memoryStatusSchema, memoryTypeSchema } from '../model';
import { count, isoTime } from './common';

const diffWindow = { from: isoTime, /** Defaults to now. */ to: isoTime.optional() };

export const DiffCountsSchema = z.object({
  from: isoTime,
  to: isoTime,
  counts: z.object(Object.fromEntries(DIFF_CATEGORIES.map((c) => [c, count])) as Record<(typeof DIFF_CATEGORIES)[number], typeof count>),
});
export type DiffCountsView = z.output<typeof DiffCountsSchema>;

export const DiffItemSchema = z.object({
  id: z.string(),
  /** The memory as it stood at `to`. */
  type: memoryTypeSchema,
  status: memoryStatusSchema,
  content: z.string(),
  /** Its last change of this kind in the window. */
  op: z.string(),
  at: isoTime,
  actor: z.string(),
  reason: z.string().nullable(),
  events: count,
});
export type DiffItem = z.output<typeof DiffItemSchema>;

export const DiffPageSchema = z.object({
  from: isoTime,
  to: isoTime,
  category: z.enum(DIFF_CATEGORIES),
  items: z.array(DiffItemSchema),
  nextCursor: z.string().nullable(),
});
export type DiffPageView = z.output<typeof DiffPageSchema>;

export const MIND_DIFF_CALLS = {
  /** Distinct memories per category in (from, to]; `invalid_input` when from is not before to. */
  'diff.counts': { request: z.strictObject(diffWindow), response: DiffCountsSchema },
  /** One page of a category, the most recently touched memories first. */
  'diff.page': {
    request: z.strictObject({
      ...diffWindow,
      category: z.enum(DIFF_CATEGORIES),
      cursor: z.string().max(100).nullable().optional(),
      limit: z.number().int().min(1).max(500).optional(),
    }),
    response: DiffPageSchema,
  },
} as const;
