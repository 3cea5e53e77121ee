/**
 * A memory through time: its confidence timeline, its changes for the History view, and reverting
 * one field (an action of its own, so the window's Undo takes it back like any other change).
 */
import type { TIMELINE_CALLS } from '../../shared/contract/timeline';
import { getConfidenceTrails } from '../mind/confidence-trails';
import { getChanges } from '../mind/history';
import { getMemoryView } from '../mind/memory-view';
import { revertField } from '../mind/revert-field';
import { getTimeline } from '../mind/timeline';
import { runAction } from '../mind/undo';
import type { ApiContext, HandlerSlice } from './handler-table';
import { epochMs } from './memory-calls';

type TimelineCall = keyof typeof TIMELINE_CALLS;

export function timelineCalls(ctx: ApiContext): HandlerSlice<TimelineCall> {
  const mind = () => ctx.session.mind();
  return {
    'memories.timeline': ({ id, asOf, limit }) => getTimeline(mind(), id, { asOf: epochMs(asOf), limit }),
    'memories.confidenceTrails': ({ ids, asOf }) => ({ trails: getConfidenceTrails(mind(), ids, { asOf: epochMs(asOf) }) }),
    'memories.changes': ({ id, asOf, limit }) => getChanges(mind(), id, { asOf: epochMs(asOf), limit }),
    'memories.revertField': ({ id, field, toVersion, expectedVersion, reason }) => {
      const { action } = runAction(mind(), () => revertField(mind(), id, { field, toVersion }, { actor: 'user', reason, expectedVersion }));
      ctx.changed([id]);
      const entry = getChanges(mind(), id, { limit: 1 }).items[0];
      if (entry === undefined) throw new Error(`The revert of ${id} left no journal entry.`);
      return { memory: getMemoryView(mind(), id), entry, action };
    },
  };
}
