/** The overview's confidence spread, which no other query gives. */
import type { Db } from './connection';
import { readTallies } from './tallies-query';

/**
 * Active memories counted by stored confidence into tenths of [0, 1] (confidence 1 in the last):
 * the tallies' buckets, which are the contract's CONFIDENCE_BUCKETS.
 */
export function activeConfidenceHistogram(db: Db): number[] {
  const histogram = Array.from({ length: 10 }, () => 0);
  for (const tally of readTallies(db)) {
    if (tally.status === 'active' && tally.bucket >= 0 && tally.bucket < 10) histogram[tally.bucket] = (histogram[tally.bucket] ?? 0) + tally.n;
  }
  return histogram;
}
