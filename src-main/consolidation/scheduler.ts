/**
 * The consolidation scheduler, owned by the main process (the Electron shell or the headless
 * host). It starts a run in a worker thread when enough new episodes have arrived since the
 * checkpoint, when its timer comes round, or when asked (`runNow`), one run at a time, and
 * reports state and progress as events for the UI.
 *
 * - One at a time: `runNow` while a run is going is refused with `invalid_state` (details
 *   `{runId}`); automatic triggers that come due during a run are dropped, and the scheduler
 *   looks again when the run ends.
 * - Every N new episodes: the scheduler counts episodes since the checkpoint on a cheap poll and
 *   whenever the host calls `notifyMindChanged()`, and starts a run when at least N are waiting.
 *   After a run that stopped short (budget, cancel, failure) it waits for N more than that run
 *   left, so such a run is not restarted in a loop: the rest waits for the timer or N more.
 * - Timer: `everyHours` after the last real run ended (or after the scheduler started).
 * - `reembed()` rebuilds every vector for the embedder the settings name, in the worker, when the
 *   settings switch embedders. It takes the run's slot: refused while a run goes and the reverse,
 *   reported as state `running` with progress like a run, cancelled and killed like one.
 * - `pause()` stops automatic triggers (a running run finishes); `runNow` still works.
 *   Turning `scheduler.enabled` off in the settings does the same, shown as `disabled`.
 * - `dispose()` kills a running worker, clears every timer and closes the scheduler's own
 *   connection. A killed run leaves the mind consistent; the next run resumes from the checkpoint.
 * - Other processes: a run another process is running on the same file (the CLI, a second app)
 *   holds the mind (run-lease.ts): no automatic run starts meanwhile and `runNow` is refused. Each
 *   look (every poll) also marks runs whose process is gone as interrupted, reported as an event.
 */
import { MindError, type ErrorEnvelope } from '../../shared/errors';
import type { MindSettings, ProviderId } from '../../shared/settings';
import { type Mind, openMind } from '../mind/mind';
import { type RunInterruption, settleRuns } from '../mind/run-lease';
import { connectedSamplingAgents } from '../mind/sampling-agents';
import type { RunRow } from '../store/consolidation-runs-repo';
import { episodesSinceCheckpoint } from './checkpoint';
import type { RunProgress, RunSummary, RunTrigger } from './run-types';
import { readSettings as readStoredSettings } from './settings-store';
import { type SchedulerClock, systemClock } from './scheduler-clock';
import { REEMBED_RUN_ID } from '../../shared/consolidation-runs';
import { errorEnvelope, type ProviderSecrets, type ReembedResult } from './worker-messages';
import { startWorkerReembed, startWorkerRun, type WorkerRun } from './worker-run';

export type SchedulerState = 'idle' | 'running' | 'paused' | 'disabled';

/** How the last run this scheduler started ended. */
export type RunOutcome =
  | { readonly trigger: RunTrigger; readonly finishedAt: number; readonly summary: RunSummary }
  | { readonly trigger: RunTrigger; readonly finishedAt: number; readonly error: ErrorEnvelope };

export interface SchedulerStatus {
  readonly state: SchedulerState;
  /** The running run's id, once its worker has reported it (a re-embed: `reembed`). */
  readonly runId?: string;
  readonly progress?: RunProgress;
  readonly lastRun: RunOutcome | null;
  /** Epoch ms of the next timer run; null when automatic runs are off. */
  readonly nextTimerAt: number | null;
  readonly episodesSinceCheckpoint: number;
}

export type SchedulerEvent =
  | { readonly type: 'state'; readonly status: SchedulerStatus }
  | { readonly type: 'progress'; readonly progress: RunProgress }
  | { readonly type: 'finished'; readonly trigger: RunTrigger; readonly summary: RunSummary }
  | { readonly type: 'failed'; readonly trigger: RunTrigger; readonly error: ErrorEnvelope }
  | ({ readonly type: 'reembedded' } & ReembedResult)
  | { readonly type: 'reembedFailed'; readonly error: ErrorEnvelope }
  /** A run left running by a process that is gone was found and marked interrupted. */
  | ({ readonly type: 'interrupted' } & RunInterruption)
  /** The scheduler could not check whether a run is due (the check is retried on the next poll). */
  | { readonly type: 'error'; readonly error: ErrorEnvelope };

export interface SchedulerOptions {
  readonly mindPath: string;
  /** The settings to run with, read before every decision; default: the mind's stored settings. */
  readonly readSettings?: ((mind: Mind) => MindSettings) | undefined;
  /** Read when a run starts, so a key set meanwhile is used. */
  readonly secrets?: (() => ProviderSecrets) | undefined;
  /** Called synchronously; must not throw. */
  readonly onEvent?: ((event: SchedulerEvent) => void) | undefined;
  readonly clock?: SchedulerClock | undefined;
  readonly workerUrl?: URL | undefined;
  /** How often to count new episodes; null: only when notifyMindChanged() is called. */
  readonly pollMs?: number | null | undefined;
  /** Begin paused (no automatic run, not even one already due); resume() starts them. */
  readonly startPaused?: boolean | undefined;
}

export interface RunNowOptions {
  readonly dryRun?: boolean | undefined;
  /** Run with this provider instead of the one in the settings. */
  readonly provider?: ProviderId | undefined;
}

export interface Scheduler {
  runNow(options?: RunNowOptions): Promise<RunSummary>;
  /** Rebuilds every vector for the settings' embedder; refused like runNow while anything runs. */
  reembed(): Promise<ReembedResult>;
  /** Count new episodes now (the host calls this when the mind changed) and start a run if due. */
  notifyMindChanged(): void;
  pause(): void;
  resume(): void;
  /** Asks the running run (or re-embed) to stop between items; false when nothing is running. */
  cancel(): boolean;
  status(): SchedulerStatus;
  dispose(): Promise<void>;
}

export const DEFAULT_POLL_MS = 5_000;
const HOUR_MS = 3_600_000;

/** The job in the worker: a run or a re-embed. */
interface CurrentJob {
  readonly kind: 'run' | 'reembed';
  readonly worker: WorkerRun<unknown>;
  progress: RunProgress | null;
}

export function createScheduler(options: SchedulerOptions): Scheduler {
  const clock = options.clock ?? systemClock();
  const readSettings = options.readSettings ?? readStoredSettings;
  const emit = (event: SchedulerEvent) => options.onEvent?.(event);
  const pollMs = options.pollMs === undefined ? DEFAULT_POLL_MS : options.pollMs;
  const mind = openMind(options.mindPath, { mustExist: true });

  let current: CurrentJob | null = null;
  let paused = options.startPaused ?? false;
  let disposed = false;
  let lastRun: RunOutcome | null = null;
  /** Where the timer counts from: the end of the last real run, or the scheduler's start. */
  let timerAnchor = clock.now();
  let nextTimerAt: number | null = null;
  let timerHandle: unknown = null;
  let pollHandle: unknown = null;
  /** Episodes an unfinished run left waiting: the next automatic run needs N more than these. */
  let waitingAtLastRun = 0;
  let lastState: SchedulerState | null = null;
  let lastCount = 0;

  const countEpisodes = () => {
    if (!disposed) lastCount = episodesSinceCheckpoint(mind);
    return lastCount;
  };

  const settingsNow = (): MindSettings => readSettings(mind);

  /** A run another process holds on this mind (never this scheduler's own: that one is `current`). */
  const runElsewhere = (): RunRow | null => {
    const { live, interrupted } = settleRuns(mind);
    for (const interruption of interrupted) emit({ type: 'interrupted', ...interruption });
    return live;
  };

  const stateOf = (settings: MindSettings | null): SchedulerState => {
    if (current) return 'running';
    if (paused) return 'paused';
    return settings && !settings.scheduler.enabled ? 'disabled' : 'idle';
  };

  const statusWith = (settings: MindSettings | null): SchedulerStatus => ({
    state: stateOf(settings),
    ...(current?.progress ? { runId: current.progress.runId, progress: current.progress } : {}),
    lastRun,
    nextTimerAt,
    episodesSinceCheckpoint: countEpisodes(),
  });

  const announceState = (settings: MindSettings | null) => {
    const state = stateOf(settings);
    if (state === lastState) return;
    lastState = state;
    emit({ type: 'state', status: statusWith(settings) });
  };

  const clearTimer = () => {
    if (timerHandle !== null) clock.clearTimeout(timerHandle);
    timerHandle = null;
    nextTimerAt = null;
  };

  /** Arms the timer for `everyHours` after the anchor (at once when overdue). */
  const armTimer = (settings: MindSettings) => {
    const due = timerAnchor + settings.scheduler.everyHours * HOUR_MS;
    if (timerHandle !== null && nextTimerAt === due) return;
    clearTimer();
    nextTimerAt = due;
    // setTimeout holds at most ~24.8 days; a longer wait re-arms when it wakes early.
    const delay = Math.min(Math.max(0, due - clock.now()), 2 ** 31 - 1);
    timerHandle = clock.setTimeout(() => {
      timerHandle = null;
      guarded(() => {
        if (clock.now() >= due) startAutomatic('timer');
        else evaluate();
      });
    }, delay);
  };

  // With the agent's model as provider and an agent connected that offers it, the process serving
  // that agent runs consolidation (agent/sampling-runs.ts); with none, runs here are offline.
  const leftToAgent = (settings: MindSettings) => settings.provider === 'agent' && connectedSamplingAgents(mind).length > 0;
  const automaticAllowed = (settings: MindSettings) => !disposed && !paused && settings.scheduler.enabled && !leftToAgent(settings);

  /** Looks at the settings and the episode count; starts a run when one is due. */
  const evaluate = () => {
    if (disposed) return;
    const elsewhere = current ? null : runElsewhere();
    const settings = settingsNow();
    if (!automaticAllowed(settings)) {
      clearTimer();
      announceState(settings);
      return;
    }
    armTimer(settings);
    if (!current && !elsewhere && episodesDue(settings)) {
      startAutomatic('episodes');
      return;
    }
    announceState(settings);
  };

  const episodesDue = (settings: MindSettings) => {
    const waiting = countEpisodes();
    waitingAtLastRun = Math.min(waitingAtLastRun, waiting);
    const every = settings.scheduler.everyEpisodes;
    return waiting >= every && waiting - waitingAtLastRun >= every;
  };

  const startAutomatic = (trigger: RunTrigger) => {
    if (disposed || current || runElsewhere()) return;
    const settings = settingsNow();
    if (!automaticAllowed(settings)) {
      evaluate();
      return;
    }
    // The outcome is reported as an event; nobody awaits an automatic run.
    start(trigger, settings, {}).catch(() => undefined);
  };

  const start = (trigger: RunTrigger, settings: MindSettings, request: RunNowOptions): Promise<RunSummary> => {
    const dryRun = request.dryRun ?? false;
    const worker = startWorkerRun(
      {
        mindPath: options.mindPath,
        trigger,
        dryRun,
        settings: request.provider ? { ...settings, provider: request.provider } : settings,
        secrets: options.secrets?.() ?? {},
      },
      { workerUrl: options.workerUrl, onProgress: (progress) => follow(worker, progress) },
    );
    current = { kind: 'run', worker, progress: null };
    announceState(settings);
    return worker.result.then(
      (summary) => {
        finish(trigger, { trigger, finishedAt: clock.now(), summary }, dryRun);
        return summary;
      },
      (error: unknown) => {
        const envelope = errorEnvelope(error);
        finish(trigger, { trigger, finishedAt: clock.now(), error: envelope }, dryRun);
        throw error;
      },
    );
  };

  const follow = (worker: WorkerRun<unknown>, progress: RunProgress) => {
    if (current?.worker !== worker) return;
    current.progress = progress;
    emit({ type: 'progress', progress });
  };

  const startReembed = (settings: MindSettings): Promise<ReembedResult> => {
    const worker = startWorkerReembed(
      { mindPath: options.mindPath, settings, secrets: options.secrets?.() ?? {} },
      { workerUrl: options.workerUrl, onProgress: (progress) => follow(worker, progress) },
    );
    current = { kind: 'reembed', worker, progress: null };
    announceState(settings);
    // No run: the timer, the episode count and lastRun stay as they were; automatic triggers
    // dropped meanwhile are looked at again.
    const done = () => {
      current = null;
      guarded(evaluate);
    };
    return worker.result.then(
      (result) => {
        emit({ type: 'reembedded', ...result });
        done();
        return result;
      },
      (error: unknown) => {
        emit({ type: 'reembedFailed', error: errorEnvelope(error) });
        done();
        throw error;
      },
    );
  };

  /** Why a job cannot start now (one at a time), or null. */
  const refusal = (): MindError | null => {
    if (disposed) return new MindError('invalid_state', 'The consolidation scheduler has been shut down.');
    if (!current) {
      const elsewhere = runElsewhere();
      if (!elsewhere) return null;
      return new MindError(
        'invalid_state',
        `Another process is running consolidation on this mind (${elsewhere.id}, process ${elsewhere.ownerPid ?? '?'}); wait for it to finish.`,
        { runId: elsewhere.id, ownerPid: elsewhere.ownerPid },
      );
    }
    if (current.kind === 'reembed') {
      return new MindError('invalid_state', 'The vectors are being rebuilt for a new embedder; wait for that to finish or cancel it.', {
        runId: REEMBED_RUN_ID,
      });
    }
    const runId = current.progress?.runId ?? null;
    return new MindError(
      'invalid_state',
      `A consolidation run is already running${runId ? ` (${runId})` : ''}; wait for it to finish or cancel it.`,
      { runId },
    );
  };

  const finish = (trigger: RunTrigger, outcome: RunOutcome, dryRun: boolean) => {
    current = null;
    lastRun = outcome;
    if (!disposed && !dryRun) {
      // A dry run changes nothing, so it neither restarts the timer nor counts as a run here.
      timerAnchor = outcome.finishedAt;
      clearTimer();
      // What a completed run leaves waiting arrived during it; what an unfinished run leaves
      // (budget, cancel, failure) waits for N more episodes or the timer, not an immediate rerun.
      const complete = 'summary' in outcome && outcome.summary.status === 'completed';
      waitingAtLastRun = complete ? 0 : countEpisodes();
    }
    // Shut down (the window moved to another mind), the scheduler killed its worker on purpose:
    // that is no failure to report, and its listeners now speak for another mind.
    if (disposed) return;
    if ('summary' in outcome) emit({ type: 'finished', trigger, summary: outcome.summary });
    else emit({ type: 'failed', trigger, error: outcome.error });
    guarded(evaluate);
  };

  /** Timer and poll callbacks run on their own stack: report a failure instead of crashing. */
  const guarded = (work: () => void) => {
    try {
      work();
    } catch (error) {
      emit({ type: 'error', error: errorEnvelope(error) });
    }
  };

  const poll = () => {
    if (pollMs === null || disposed) return;
    pollHandle = clock.setTimeout(() => {
      guarded(evaluate);
      poll();
    }, pollMs);
  };

  guarded(evaluate);
  poll();

  return {
    runNow(request = {}) {
      const refused = refusal();
      return refused ? Promise.reject(refused) : start('manual', settingsNow(), request);
    },
    reembed() {
      const refused = refusal();
      return refused ? Promise.reject(refused) : startReembed(settingsNow());
    },
    notifyMindChanged: () => guarded(evaluate),
    pause() {
      paused = true;
      guarded(evaluate);
    },
    resume() {
      paused = false;
      guarded(evaluate);
    },
    cancel() {
      if (!current) return false;
      current.worker.cancel();
      return true;
    },
    status: () => statusWith(disposed ? null : settingsNow()),
    async dispose() {
      if (disposed) return;
      disposed = true;
      clearTimer();
      if (pollHandle !== null) clock.clearTimeout(pollHandle);
      pollHandle = null;
      try {
        if (current) await current.worker.terminate();
      } finally {
        mind.close();
      }
    },
  };
}
