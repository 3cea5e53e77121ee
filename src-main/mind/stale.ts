/**
 * Stale memories (shared/rules/decay `isStale`): active ones gone a whole decay period without
 * verification or reinforcement. Counted up to a cap, oldest first (the stale ones are the old
 * ones), so a million-memory overview does not walk them all.
 */
import { listMemories } from './list';
import type { Mind } from './mind';

export const STALE_COUNT_CAP = 1_000;

export function countStale(mind: Mind): { count: number; capped: boolean } {
  let counted = 0;
  let cursor: string | null = null;
  do {
    const page = listMemories(mind, { filter: { statuses: ['active'], stale: true }, sort: 'created', direction: 'asc', limit: 500, cursor });
    counted += page.items.length;
    cursor = page.nextCursor;
  } while (cursor !== null && counted < STALE_COUNT_CAP);
  return { count: Math.min(counted, STALE_COUNT_CAP), capped: cursor !== null || counted > STALE_COUNT_CAP };
}
