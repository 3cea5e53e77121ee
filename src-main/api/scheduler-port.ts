/**
 * What `consolidation.status` reads, and how the scheduler's events reach the windows. The
 * composition roots wire the real scheduler with `liveSchedulerStatus`; without one (a mind opened
 * before the scheduler starts, the tests) the status is read from the mind itself.
 */
import type { ConsolidationStatus, MindEvent } from '../../shared/contract';
import type { MindSettings } from '../../shared/settings';
import { episodesSinceCheckpoint } from '../consolidation/checkpoint';
import type { Scheduler, SchedulerEvent } from '../consolidation/scheduler';
import type { Mind } from '../mind/mind';
import { getLastRun } from '../mind/overview';
import { iso } from '../mind/present';

export interface SchedulerPort {
  status(mind: Mind): ConsolidationStatus;
}

/** No scheduler running: idle (or disabled in the settings), with the last run from the store. */
export function storedSchedulerStatus(readSettings: (mind: Mind) => MindSettings): SchedulerPort {
  return {
    status: (mind) => ({
      state: readSettings(mind).scheduler.enabled ? 'idle' : 'disabled',
      lastRun: getLastRun(mind),
      nextTimerAt: null,
      episodesSinceCheckpoint: episodesSinceCheckpoint(mind),
    }),
  };
}

/** The running scheduler's state; the last run as the store records it (whoever started it). */
export function liveSchedulerStatus(scheduler: Scheduler): SchedulerPort {
  return {
    status(mind) {
      const live = scheduler.status();
      const progress = live.progress;
      return {
        state: live.state,
        ...(live.runId === undefined ? {} : { runId: live.runId }),
        ...(progress ? { progress: { stage: progress.stage, done: progress.done, total: progress.total } } : {}),
        lastRun: getLastRun(mind),
        nextTimerAt: iso(live.nextTimerAt),
        episodesSinceCheckpoint: live.episodesSinceCheckpoint,
      };
    },
  };
}

/** The scheduler's events as the windows see them (state changes are read with consolidation.status). */
export function consolidationEvent(event: SchedulerEvent): MindEvent | null {
  switch (event.type) {
    case 'progress':
      return { type: 'consolidation.progress', payload: { ...event.progress } };
    case 'finished':
      return { type: 'consolidation.finished', payload: { runId: event.summary.runId, status: event.summary.status } };
    default:
      return null;
  }
}
