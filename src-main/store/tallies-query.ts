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

export interface MemoryCounts {
  total: number;
  byType: Record<string, number>;
  byStatus: Record<string, number>;
  byTier: Record<string, number>;
  /**
   * Active memories awaiting review: what the review queue holds. A pending memory archived (a
   * reverted run's), superseded or forgotten waits for no one.
   */
  pendingReview: number;
}

export function memoryCounts(tallies: readonly Tally[]): MemoryCounts {
  return {
    total: tallies.reduce((total, tally) => total + tally.n, 0),
    byType: sumTallies(tallies, 'type'),
    byStatus: sumTallies(tallies, 'status'),
    byTier: sumTallies(tallies, 'tier'),
    pendingReview: tallies.filter((t) => t.review === 'pending' && t.status === 'active').reduce((sum, t) => sum + t.n, 0),
  };
}

/**
 * Active memories counted by stored confidence into tenths of [0, 1] (confidence 1 in the last):
 * the tallies' buckets, which are the contract's CONFIDENCE_BUCKETS.
 */
export function activeConfidenceHistogram(tallies: readonly Tally[]): number[] {
  const histogram = Array.from({ length: 10 }, () => 0);
  for (const tally of tallies) {
    if (tally.status === 'active' && tally.bucket >= 0 && tally.bucket < 10) histogram[tally.bucket] = (histogram[tally.bucket] ?? 0) + tally.n;
  }
  return histogram;
}

function sumTallies(tallies: readonly Tally[], key: 'type' | 'status' | 'tier'): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const tally of tallies) sums[tally[key]] = (sums[tally[key]] ?? 0) + tally.n;
  return sums;
}
