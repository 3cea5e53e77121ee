/**
 * The consolidation scheduler as the API sees it. `bindScheduler` keeps one scheduler (and its
 * worker) for whatever mind the session has open: started when a mind opens, disposed when it
 * closes or another opens, told about every change, its progress pushed to the windows. A demo
 * mind's scheduler starts paused: the demo stays as written until the person runs consolidation.
 */
import type { ConsolidationStatus, MindEvent } from '../../shared/contract';
import { MindError } from '../../shared/errors';
import { episodesSinceCheckpoint } from '../consolidation/checkpoint';
import type { RunSummary } from '../consolidation/run-types';
import { createScheduler, type Scheduler, type SchedulerEvent, type SchedulerOptions } from '../consolidation/scheduler';
import { readSettings } from '../consolidation/settings-store';
import { REEMBED_RUN_ID } from '../../shared/consolidation-runs';
import type { ReembedResult } from '../consolidation/worker-messages';
import type { Mind } from '../mind/mind';
import { getLastRun } from '../mind/run-history';
import { iso } from '../mind/present';
import type { Platform } from './platform';
import type { Session } from './session';

export interface SchedulerPort {
  status(mind: Mind): ConsolidationStatus;
  runNow(options: { dryRun: boolean }): Promise<RunSummary>;
  /** Rebuilds the vectors for the settings' embedder in the worker; its end is also an event. */
  reembed(): Promise<ReembedResult>;
  pause(): void;
  resume(): void;
  /** False when nothing was running. */
  cancel(): boolean;
  dispose(): Promise<void>;
}

export interface BindOptions {
  logError: (message: string, error: unknown) => void;
  /** Tests pin the clock or the polling; the app uses the defaults. */
  schedulerOptions?: Partial<Pick<SchedulerOptions, 'clock' | 'pollMs' | 'workerUrl'>>;
}

export function bindScheduler(session: Session, platform: Platform, options: BindOptions): SchedulerPort {
  let scheduler: Scheduler | null = null;
  let boundPath: string | null = null;

  const stop = () => {
    const stopping = scheduler;
    scheduler = null;
    boundPath = null;
    return stopping ? stopping.dispose().catch((error: unknown) => options.logError('The scheduler did not stop cleanly', error)) : Promise.resolve();
  };

  const follow = () => {
    const status = session.status();
    const path = status.state === 'open' ? status.path : null;
    if (path === boundPath) return;
    void stop();
    if (status.state !== 'open') return;
    boundPath = status.path;
    scheduler = createScheduler({
      mindPath: status.path,
      secrets: () => ({ openAiApiKey: platform.secrets.get('openai-api-key') ?? undefined }),
      onEvent: (event) => {
        const pushed = consolidationEvent(event);
        if (pushed) session.events.emit(pushed);
        if (event.type === 'failed' || event.type === 'error') options.logError('Consolidation failed', event.error);
        else if (event.type === 'reembedFailed') options.logError('Re-embedding the mind failed', event.error);
      },
      startPaused: status.isDemo,
      ...options.schedulerOptions,
    });
  };

  const unsubscribe = session.events.subscribe((event) => {
    if (event.type === 'session.changed') follow();
    else if (event.type === 'mind.changed') scheduler?.notifyMindChanged();
  });
  follow();

  const live = (): Scheduler => {
    if (!scheduler) throw new MindError('no_mind_open', 'No mind is open: open or create one first.');
    return scheduler;
  };

  return {
    status(mind) {
      if (!scheduler) {
        return {
          state: readSettings(mind).scheduler.enabled ? 'idle' : 'disabled',
          lastRun: getLastRun(mind),
          nextTimerAt: null,
          episodesSinceCheckpoint: episodesSinceCheckpoint(mind),
        };
      }
      const now = scheduler.status();
      return {
        state: now.state,
        ...(now.runId === undefined ? {} : { runId: now.runId }),
        ...(now.progress ? { progress: { stage: now.progress.stage, done: now.progress.done, total: now.progress.total } } : {}),
        lastRun: getLastRun(mind),
        nextTimerAt: iso(now.nextTimerAt),
        episodesSinceCheckpoint: now.episodesSinceCheckpoint,
      };
    },
    runNow: ({ dryRun }) => live().runNow({ dryRun }),
    reembed: () => live().reembed(),
    pause: () => live().pause(),
    resume: () => live().resume(),
    cancel: () => live().cancel(),
    async dispose() {
      unsubscribe();
      await stop();
    },
  };
}

/**
 * The scheduler's events as the windows see them (state changes are read with consolidation.status).
 * A re-embed shows as a run with the id `reembed`, its failure included: no run row records it.
 */
export function consolidationEvent(event: SchedulerEvent): MindEvent | null {
  switch (event.type) {
    case 'progress':
      return { type: 'consolidation.progress', payload: { ...event.progress } };
    case 'finished':
      return { type: 'consolidation.finished', payload: { runId: event.summary.runId, status: event.summary.status } };
    case 'reembedded':
      return { type: 'consolidation.finished', payload: { runId: REEMBED_RUN_ID, status: event.status } };
    case 'reembedFailed':
      return { type: 'consolidation.finished', payload: { runId: REEMBED_RUN_ID, status: 'failed' } };
    case 'interrupted':
      return { type: 'consolidation.finished', payload: { runId: event.runId, status: 'interrupted' } };
    default:
      return null;
  }
}
