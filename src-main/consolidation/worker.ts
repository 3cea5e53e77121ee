/**
 * The consolidation worker: runs one job on its own connection to the mind file (WAL lets it
 * write while the main process reads and writes), reports progress and the end to the thread
 * that started it, and stops between items when told to cancel. The job is a consolidation run
 * or a re-embed. The pipeline commits each step in its own transaction, so a worker killed
 * mid-run leaves a consistent mind and the next run resumes from the checkpoint; a re-embed
 * commits each page of vectors on its own, so a killed one leaves the vectors it wrote.
 */
import type { MessagePort } from 'node:worker_threads';
import { REEMBED_RUN_ID } from '../../shared/consolidation-runs';
import { openMind } from '../mind/mind';
import type { Mind } from '../mind/mind';
import { createProvider } from './provider-factory';
import { reembedAll } from './reembed';
import type { RunProgress } from './run-types';
import { runConsolidation } from './run';
import {
  errorEnvelope,
  type FromWorker,
  ToWorkerSchema,
  type WorkerJob,
  type WorkerJobBase,
  WorkerStartSchema,
} from './worker-messages';

/** Progress is posted at most about this many times per stage (plus each stage's first and last). */
const PROGRESS_STEPS_PER_STAGE = 100;

export async function serveWorkerJob(workerData: unknown, port: MessagePort): Promise<void> {
  const post = (message: FromWorker) => port.postMessage(message);
  const controller = new AbortController();
  const onMessage = (message: unknown) => {
    if (ToWorkerSchema.safeParse(message).success) controller.abort();
  };
  port.on('message', onMessage);
  try {
    const { job, cancelFlag } = WorkerStartSchema.parse(workerData);
    const flag = new Int32Array(cancelFlag);
    const report = throttledProgress(post);
    const onProgress = (progress: RunProgress) => {
      if (Atomics.load(flag, 0) === 1) controller.abort();
      report(progress);
    };
    post(await runJob(job, controller.signal, onProgress));
  } catch (error) {
    post({ type: 'failed', error: errorEnvelope(error) });
  } finally {
    // Without the listener nothing holds the worker's event loop open: it exits on its own.
    port.off('message', onMessage);
  }
}

/** Runs the job; returns the message that ends it (a failure throws). */
async function runJob(job: WorkerJob, signal: AbortSignal, onProgress: (progress: RunProgress) => void): Promise<FromWorker> {
  // A dry run writes nothing, so it opens read-only: not even the open's own upkeep (planner
  // statistics, settling runs) may take the write lock from the writers it runs beside.
  const dryRun = job.kind === 'consolidate' && job.dryRun;
  const mind = openMind(job.mindPath, { mustExist: true, readonly: dryRun });
  try {
    if (job.kind === 'reembed') return await reembedJob(mind, job, signal, onProgress);
    const summary = await runConsolidation(mind, {
      trigger: job.trigger,
      provider: createProvider(job.settings, job.secrets),
      settings: job.settings,
      dryRun: job.dryRun,
      signal,
      onProgress,
    });
    return { type: 'finished', summary };
  } finally {
    mind.close();
  }
}

/** Rebuilds every vector for the settings' embedder, reporting its pages as the `embed` stage. */
async function reembedJob(mind: Mind, job: WorkerJobBase, signal: AbortSignal, onProgress: (progress: RunProgress) => void): Promise<FromWorker> {
  let written = 0;
  try {
    const count = await reembedAll(mind, createProvider(job.settings, job.secrets).embedder, {
      signal,
      onProgress: (done, total) => {
        written = done;
        onProgress({ runId: REEMBED_RUN_ID, stage: 'embed', done, total });
      },
    });
    return { type: 'reembedded', count, status: 'completed' };
  } catch (error) {
    // A cancel stops it between pages; each page was committed on its own and stays.
    if (signal.aborted) return { type: 'reembedded', count: written, status: 'cancelled' };
    throw error;
  }
}

/**
 * A run over 10,000 episodes reports progress per item; posting each report would flood the main
 * thread. Per stage (and total: a stage may count several things in turn), pass on the first
 * report, the last, and one per hundredth between.
 */
function throttledProgress(post: (message: FromWorker) => void): (progress: RunProgress) => void {
  const lastStep = new Map<string, number>();
  return (progress) => {
    const key = `${progress.stage}/${progress.total}`;
    const step = progress.total > 0 ? Math.floor((progress.done / progress.total) * PROGRESS_STEPS_PER_STAGE) : 0;
    if (lastStep.get(key) === step && progress.done !== progress.total) return;
    lastStep.set(key, step);
    post({ type: 'progress', progress: { ...progress } });
  };
}
