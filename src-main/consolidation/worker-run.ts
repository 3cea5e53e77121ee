/**
 * One consolidation run in a worker thread, seen from the thread that starts it (the scheduler in
 * the main process, or the CLI): start it, follow its progress, cancel it, or kill it.
 */
import { Worker } from 'node:worker_threads';
import { MindError } from '../../shared/errors';
import { openMind } from '../mind/mind';
import { findRun, finishRun } from '../store/consolidation-runs-repo';
import type { RunProgress, RunSummary } from './run-types';
import { defaultWorkerUrl } from './worker-location';
import { FromWorkerSchema, type ToWorker, type WorkerJob, type WorkerStart } from './worker-messages';

export interface WorkerRunOptions {
  /** The worker module; defaults to the one beside the running code (see worker-location.ts). */
  readonly workerUrl?: URL | undefined;
  readonly onProgress?: ((progress: RunProgress) => void) | undefined;
}

export interface WorkerRun {
  /**
   * The run's summary (also for a cancelled run: status `cancelled`). Rejects with a MindError
   * when the run fails, or `internal` when the worker dies or is terminated before finishing.
   */
  readonly result: Promise<RunSummary>;
  /** Asks the run to stop between items; it keeps what it committed and ends `cancelled`. */
  cancel(): void;
  /**
   * Kills the worker now. Each pipeline step commits on its own, so the mind stays consistent;
   * the run's row is marked failed (see markInterrupted).
   */
  terminate(): Promise<void>;
}

export function startWorkerRun(job: WorkerJob, options: WorkerRunOptions = {}): WorkerRun {
  const cancelFlag = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  const worker = new Worker(options.workerUrl ?? defaultWorkerUrl(), { workerData: { job, cancelFlag } satisfies WorkerStart });
  let settled = false;
  let runId: string | null = null;
  let resolveResult!: (summary: RunSummary) => void;
  let rejectResult!: (error: MindError) => void;
  const result = new Promise<RunSummary>((resolve, reject) => {
    resolveResult = resolve;
    rejectResult = reject;
  });
  const settle = (outcome: { summary: RunSummary } | { error: MindError }) => {
    if (settled) return;
    settled = true;
    if ('summary' in outcome) resolveResult(outcome.summary);
    else rejectResult(outcome.error);
  };

  worker.on('message', (raw: unknown) => {
    const message = FromWorkerSchema.safeParse(raw);
    if (!message.success) {
      settle({ error: new MindError('internal', `The consolidation worker sent a malformed message: ${message.error.message}`) });
      void worker.terminate();
      return;
    }
    const data = message.data;
    if (data.type === 'progress') {
      runId = data.progress.runId;
      options.onProgress?.(data.progress);
    } else if (data.type === 'finished') settle({ summary: data.summary });
    else settle({ error: new MindError(data.error.code, data.error.message, data.error.details) });
  });
  let crash: Error | null = null;
  worker.on('error', (error) => {
    crash = error;
  });
  // 'exit' follows 'error' too: the one place a run that ended without its summary is settled.
  worker.on('exit', (code) => {
    if (settled) return;
    let message = crash
      ? `The consolidation worker failed: ${crash.message}`
      : `The consolidation worker stopped before finishing (exit code ${code}); what it committed is kept and the next run resumes from the checkpoint.`;
    if (runId !== null && !job.dryRun) {
      try {
        markInterrupted(job.mindPath, runId, message);
      } catch (error) {
        message += ` (Its run ${runId} could not be marked failed: ${(error as Error).message})`;
      }
    }
    settle({ error: new MindError('internal', message, { exitCode: code, runId }) });
  });

  return {
    result,
    cancel: () => {
      if (settled) return;
      Atomics.store(new Int32Array(cancelFlag), 0, 1);
      worker.postMessage({ type: 'cancel' } satisfies ToWorker);
    },
    terminate: async () => {
      await worker.terminate();
    },
  };
}

/**
 * A run whose worker died never wrote its end: its row would say `running` forever (and a running
 * run cannot be reverted). Record it as failed, unless the worker got as far as finishing it.
 */
function markInterrupted(mindPath: string, runId: string, error: string): void {
  const mind = openMind(mindPath, { mustExist: true });
  try {
    mind.store.transaction(() => {
      const run = findRun(mind.store.db, runId);
      if (run?.status !== 'running') return;
      finishRun(mind.store.db, runId, { status: 'failed', finishedAt: mind.now(), budgetUsed: run.budgetUsed, stats: run.stats, error });
    });
  } finally {
    mind.close();
  }
}
