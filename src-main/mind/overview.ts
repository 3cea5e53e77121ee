/** The overview a person lands on: counts, what needs attention, the confidence spread, the last run. */
import type { Overview } from '../../shared/contract';
import { MEMORY_STATUSES, MEMORY_TYPES, TIERS } from '../../shared/model';
import { countMemoriesWithStaleRefs } from '../store/code-refs-repo';
import { overviewCounts } from '../store/overview-queries';
import { listUncertain } from './attention';
import type { Mind } from './mind';
import { getLastRun } from './run-history';

/** Counting uncertain memories walks them; past this many the overview says "this many or more". */
export const UNCERTAIN_COUNT_CAP = 1_000;

export function getOverview(mind: Mind): Overview {
  const counts = overviewCounts(mind.store.db);
  return {
    total: counts.total,
    byType: everyKey(MEMORY_TYPES, counts.byType),
    byTier: everyKey(TIERS, counts.byTier),
    byStatus: everyKey(MEMORY_STATUSES, counts.byStatus),
    reviewPending: counts.pendingReview,
    openContradictions: counts.openContradictions,
    codeChanged: countMemoriesWithStaleRefs(mind.store.db),
    uncertain: countUncertain(mind),
    lastRun: getLastRun(mind),
    confidenceHistogram: counts.confidenceHistogram,
  };
}

function countUncertain(mind: Mind): { count: number; capped: boolean } {
  let counted = 0;
  let cursor: string | null = null;
  do {
    const page = listUncertain(mind, { limit: 500, cursor });
    counted += page.items.length;
    cursor = page.nextCursor;
  } while (cursor !== null && counted < UNCERTAIN_COUNT_CAP);
  return { count: Math.min(counted, UNCERTAIN_COUNT_CAP), capped: cursor !== null || counted > UNCERTAIN_COUNT_CAP };
}

function everyKey<K extends string>(keys: readonly K[], counts: Record<string, number>): Record<K, number> {
  return Object.fromEntries(keys.map((k) => [k, counts[k] ?? 0])) as Record<K, number>;
}

