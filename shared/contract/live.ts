/**
 * Live refresh: when memories change (an agent writing over MCP, another window, the app itself),
 * an open list asks where the changed ones now sit and patches those rows, instead of loading
 * every page it holds again.
 */
import { z } from 'zod';
import { MemorySummarySchema, memoryId } from './common';
import { MemoryFilterSchema, SORT_KEYS } from './memories';

export const MAX_LOCATE_IDS = 500;

export const LocateRequestSchema = z.strictObject({
  filter: MemoryFilterSchema.optional(),
  sort: z.enum(SORT_KEYS).optional(),
  direction: z.enum(['asc', 'desc']).optional(),
  /** The memories that changed. */
  ids: z.array(memoryId).min(1).max(MAX_LOCATE_IDS),
  /** Each loaded page's `nextCursor`, in order; null only for a last page that reached the end of the list. */
  bounds: z.array(z.string().max(2_000).nullable()).min(1).max(20_000),
  /**
   * The journal position the window's news reaches (the latest `mind.changed` `upTo`): rows changed
   * after it are not where the window shows them yet, so no row is placed after one of them.
   */
  upTo: z.number().int().min(0).optional(),
});
export type LocateRequest = z.input<typeof LocateRequestSchema>;

/**
 * Where one changed memory now sits. `item` null: it left the list. `page` null (with an item): it
 * sorts beyond the loaded pages. Otherwise it goes on page `page` right after the row `after`
 * (null: first in the list), which may be the last row of an earlier page.
 */
export const PlacementSchema = z.object({
  id: z.string(),
  item: MemorySummarySchema.nullable(),
  page: z.number().int().min(0).nullable(),
  after: z.string().nullable(),
});
export type Placement = z.output<typeof PlacementSchema>;

export const LIVE_CALLS = {
  /** Leavers first, then the rest in list order. */
  'memories.locate': { request: LocateRequestSchema, response: z.object({ placements: z.array(PlacementSchema) }) },
} as const;
