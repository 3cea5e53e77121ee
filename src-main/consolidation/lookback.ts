/**
 * The bounded look-back for episodes a run left unclustered. The seed reads "episodes since the
 * checkpoint", and a singleton must not make a belief. But a run sees only the episodes that
 * arrived since the last one (about N = 20 on the episode trigger), so a lesson met once or twice
 * per batch would never reach a cluster of three if each batch were judged alone: consolidation
 * would depend on how arrivals happen to fall into batches. So an episode a run leaves unclustered
 * is marked `unclustered`, not forgotten: for LOOK_BACK_DAYS after it was written (and at most
 * MAX_LOOK_BACK of them, the newest), each run that has new episodes clusters it again together
 * with them. Once it joins a cluster it is handled like any other; once it is older than the
 * window it is let go (its mark is compacted with the checkpoint). A run with no new episodes does
 * not look back: nothing could cluster that did not before.
 */
import { unclusteredEpisodes } from '../store/consolidation-repo';
import type { MemoryRecord } from '../store/memory-record';
import type { Mind } from '../mind/mind';

export const LOOK_BACK_DAYS = 30;
export const MAX_LOOK_BACK = 2_000;
const DAY_MS = 86_400_000;

/** Where the look-back window starts (epoch ms): episodes written before it are let go. */
export function lookBackFrom(mind: Mind): number {
  return mind.now() - LOOK_BACK_DAYS * DAY_MS;
}

/** The unclustered episodes inside the window, clustered again with the run's new ones. */
export function lookBackEpisodes(mind: Mind, newEpisodes: number): MemoryRecord[] {
  return newEpisodes === 0 ? [] : unclusteredEpisodes(mind.store.db, lookBackFrom(mind), MAX_LOOK_BACK);
}
