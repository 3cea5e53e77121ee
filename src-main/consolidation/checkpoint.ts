/**
 * The consolidation checkpoint (meta `belief_consolidation_checkpoint`, the seed's key): every
 * episode at or below it has been handled. Episodes above it that a run already handled carry a
 * mark (a run stopped by its budget handles clusters, not a prefix of the episodes), so the
 * checkpoint only ever advances past fully handled episodes. An episode left unclustered counts as
 * handled; its mark outlives the checkpoint for the look-back (lookback.ts).
 */
import { EPISODE_COUNT_CAP } from '../../shared/consolidation-runs';
import { compactClusterMarks, countPendingEpisodes, lowestPendingEpisodeSeq, maxMemorySeqOf } from '../store/consolidation-repo';
import { readMeta, writeMeta } from '../store/meta-repo';
import type { Mind } from '../mind/mind';
import { lookBackFrom } from './lookback';

const CHECKPOINT_KEY = 'belief_consolidation_checkpoint';

export function readCheckpoint(mind: Mind): number {
  const value = Number(readMeta(mind.store.db, CHECKPOINT_KEY) ?? 0);
  return Number.isInteger(value) && value >= 0 ? value : 0;
}

/**
 * New episodes waiting for consolidation, up to EPISODE_COUNT_CAP (the scheduler's every-N trigger
 * needs no more: N is at most the cap). A backlog above the cap reads as the cap, so after a run
 * stopped short on a huge backlog the next automatic run comes from the timer.
 */
export function episodesSinceCheckpoint(mind: Mind): number {
  return countPendingEpisodes(mind.store.db, readCheckpoint(mind), EPISODE_COUNT_CAP);
}

/**
 * Moves the checkpoint to just below the lowest episode still waiting (or to the newest memory when
 * none waits) and drops the marks it now covers. Runs inside the caller's transaction. An agent's
 * reflection (a tool call that must answer at once) leaves the dropping to the next run
 * (`compact: false`): the marks mean the same either way, and dropping them reads the whole mind.
 */
export function advanceCheckpoint(mind: Mind, options: { compact?: boolean } = {}): number {
  const db = mind.store.db;
  const current = readCheckpoint(mind);
  const lowest = lowestPendingEpisodeSeq(db, current);
  const next = Math.max(current, lowest === null ? maxMemorySeqOf(db) : lowest - 1);
  if (next !== current) writeMeta(db, CHECKPOINT_KEY, String(next));
  if (options.compact ?? true) compactClusterMarks(db, next, lookBackFrom(mind));
  return next;
}
