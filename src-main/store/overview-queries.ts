/** The overview's counts: one read of the tallies and the open contradictions, nothing that walks the journal. */
import type { Db } from './connection';
import { countOpenContradictions } from './contradictions-repo';
import { activeConfidenceHistogram, type MemoryCounts, memoryCounts, readTallies } from './tallies-query';

export interface OverviewCounts extends MemoryCounts {
  openContradictions: number;
  confidenceHistogram: number[];
}

export function overviewCounts(db: Db): OverviewCounts {
  const tallies = readTallies(db);
  return {
    ...memoryCounts(tallies),
    openContradictions: countOpenContradictions(db),
    confidenceHistogram: activeConfidenceHistogram(tallies),
  };
}
