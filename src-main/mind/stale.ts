/**
 * Stale memories (shared/rules/decay `isStale`): active ones gone a whole decay period without
 * verification or reinforcement. Counted up to a cap, oldest first (the stale ones are the old
 * ones), so a million-memory overview does not walk them all.
 */
import { countStaleUpTo } from '../store/list-query';
import type { Mind } from './mind';

export const STALE_COUNT_CAP = 1_000;

export function countStale(mind: Mind): { count: number; capped: boolean } {
  const counted = countStaleUpTo(mind.store.db, mind.now(), STALE_COUNT_CAP);
  return { count: Math.min(counted, STALE_COUNT_CAP), capped: counted > STALE_COUNT_CAP };
}
