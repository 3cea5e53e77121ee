/**
 * One job in a worker thread, seen from the thread that starts it (the scheduler in the main
 * process, or the CLI): a consolidation run or a re-embed. Start it, follow its progress, cancel
 * it, or kill it.
 */
import { Worker } from 'node:worker_threads';
import { MindError } from '../../shared/errors';
import { openMind } from '../mind/mind';
import { interruptRun } from '../mind/run-lease';
import { findRun } from '../store/consolidation-runs-repo';
import type { RunProgress, RunSummary } from './run-types';
import { defaultWorkerUrl } from './worker-location';
import {
  type ConsolidationJob,
  type FromWorker,
  FromWorkerSchema,
  type ReembedResult,
  type ToWorker,
  type WorkerJob,
  type WorkerJobBase,
  type WorkerStart,
} from './worker-messages';

export interface WorkerRunOptions {
  /** The worker module; defaults to the one beside the running code (see worker-location.ts). */
  readonly workerUrl?: URL | undefined;
  readonly onProgress?: ((progress: RunProgress) => void) | undefined;
}

export interface WorkerRun<Result> {
  /**
   * The job's end: a run's summary, also for a cancelled run (status `cancelled`), or a
   * re-embed's result. Rejects with a MindError when the job fails, or `internal` when the worker
   * dies or is terminated before finishing.
   */
  readonly result: Promise<Result>;
  /** Asks the job to stop between items; it keeps what it committed and ends `cancelled`. */
  cancel(): void;
  /**
   * Kills the worker now. Each pipeline step (each page of a re-embed) commits on its own, so the
   * mind stays consistent; a run's row is marked interrupted (see markInterrupted).
   */
  terminate(): Promise<void>;
}

export function startWorkerRun(run: ConsolidationJob, options: WorkerRunOptions = {}): WorkerRun<RunSummary> {
  return startWorkerJob({ kind: 'consolidate', ...run }, options, (end) => (end.type === 'finished' ? end.summary : null));
}

/** Rebuilds every vector for the embedder `job.settings` name (reembed.ts). */
export function startWorkerReembed(job: WorkerJobBase, options: WorkerRunOptions = {}): WorkerRun<ReembedResult> {
  return startWorkerJob({ kind: 'reembed', ...job }, options, (end) =>
    end.type === 'reembedded' ? { count: end.count, status: end.status } : null,
  );
}

type JobEnd = Exclude<FromWorker, { type: 'progress' | 'failed' }>;

/** `resultOf` reads the job's end; null when the worker ended another kind of job than it was given. */
function startWorkerJob<Result>(job: WorkerJob, options: WorkerRunOptions, resultOf: (end: JobEnd) => Result | null): WorkerRun<Result> {
  const cancelFlag = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  const worker = new Worker(options.workerUrl ?? defaultWorkerUrl(), { workerData: { job, cancelFlag } satisfies WorkerStart });
  let settled = false;
  let runId: string | null = null;
  let resolveResult!: (value: Result) => void;
  let rejectResult!: (error: MindError) => void;
  const result = new Promise<Result>((resolve, reject) => {
    resolveResult = resolve;
    rejectResult = reject;
  });
  const settle = (outcome: { value: Result } | { error: MindError }) => {
    if (settled) return;
    settled = true;
    if ('value' in outcome) resolveResult(outcome.value);
    else rejectResult(outcome.error);
  };
  const malformed = (problem: string) => {
    settle({ error: new MindError('internal', `The consolidation worker sent a malformed message: ${problem}`) });
    void worker.terminate();
  };

  worker.on('message', (raw: unknown) => {
    const message = FromWorkerSchema.safeParse(raw);
    if (!message.success) return malformed(message.error.message);
    const data = message.data;
    if (data.type === 'progress') {
      runId = data.progress.runId;
      options.onProgress?.(data.progress);
    } else if (data.type === 'failed') settle({ error: new MindError(data.error.code, data.error.message, data.error.details) });
    else {
      const value = resultOf(data);
      if (value === null) malformed(`'${data.type}' does not end a ${job.kind} job`);
      else settle({ value });
    }
  });
  let crash: Error | null = null;
  worker.on('error', (error) => {
    crash = error;
  });
  // 'exit' follows 'error' too: the one place a run that ended without its summary is settled.
  worker.on('exit', (code) => {
    if (settled) return;
    const kept =
      job.kind === 'consolidate'
        ? 'what it committed is kept and the next run resumes from the checkpoint'
        : 'the vectors it wrote are kept and the next run embeds what it needs and is missing';
    const why = crash ? `the consolidation worker failed: ${crash.message}` : `the consolidation worker stopped before finishing (exit code ${code})`;
    let message = `T${why.slice(1)}${crash ? '' : `; ${kept}.`}`;
    if (job.kind === 'consolidate' && runId !== null && !job.dryRun) {
      try {
        markInterrupted(job.mindPath, runId, why);
      } catch (error) {
        message += ` (Its run ${runId} could not be marked interrupted: ${(error as Error).message})`;
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
 * A run whose worker died never wrote its end: its row would say `running` until this process
 * ends (and a running run cannot be reverted). Mark it interrupted now, journaled like one found
 * on open (run-lease.ts), unless the worker got as far as finishing it.
 */
function markInterrupted(mindPath: string, runId: string, why: string): void {
  const mind = openMind(mindPath, { mustExist: true });
  try {
    mind.store.transaction(() => {
      const run = findRun(mind.store.db, runId);
      if (run) interruptRun(mind, run, why);
    });
  } finally {
    mind.close();
  }
}
