/**
 * The memory tallies (migration 0005): counts by type, status, tier, review state ('' for none) and
 * stored-confidence tenth, kept by triggers. Whole-mind counts read these few hundred rows instead
 * of grouping every memory (a million-memory overview in milliseconds, not a second).
 */
import type { Db } from './connection';
import { stmt } from './statements';

export interface Tally {
  type: string;
  status: string;
  tier: string;
  review: string;
  bucket: number;
  n: number;
}

export function readTallies(db: Db): Tally[] {
  return stmt(db, 'SELECT type, status, tier, review, bucket, n FROM memory_tallies WHERE n > 0').all() as Tally[];
}

/** Sums the tallies by one of their keys. */
export function sumTallies(tallies: readonly Tally[], key: 'type' | 'status' | 'tier' | 'review'): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const tally of tallies) sums[tally[key]] = (sums[tally[key]] ?? 0) + tally.n;
  return sums;
}
