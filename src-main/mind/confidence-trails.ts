/**
 * The Browser's confidence trails: for a page of rows at once, each memory's stored confidence after
 * each change that moved it, small enough to draw in a row. Memories whose confidence never changed
 * have none (a flat line says nothing the meter beside it does not).
 */
import { MAX_TRAIL_IDS, TRAIL_POINTS } from '../../shared/contract/timeline';
import { MindError } from '../../shared/errors';
import { thinEvenly } from '../../shared/thin-evenly';
import { storedConfidencesOf } from '../store/timeline-query';
import type { Mind } from './mind';

export function getConfidenceTrails(mind: Mind, ids: readonly string[], options: { asOf?: number | undefined } = {}): Record<string, number[]> {
  if (ids.length > MAX_TRAIL_IDS) throw new MindError('invalid_input', `At most ${MAX_TRAIL_IDS} memories at once.`);
  if (options.asOf !== undefined && !Number.isFinite(options.asOf)) throw new MindError('invalid_input', 'asOf must be a valid time.');
  const trails: Record<string, number[]> = {};
  for (const [id, confidences] of storedConfidencesOf(mind.store.db, ids, options.asOf ?? null)) {
    const moves = collapseRepeats(confidences);
    if (moves.length >= 2) trails[id] = thinEvenly(moves, TRAIL_POINTS);
  }
  return trails;
}

/** Versions that changed something else (content, status) repeat the confidence: one point per value held. */
function collapseRepeats(values: readonly number[]): number[] {
  return values.filter((value, i) => i === 0 || value !== values[i - 1]);
}
