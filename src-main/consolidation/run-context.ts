/**
 * One run's working state: who writes (actor `scheduler:<runId>`, or the agent that reflected), whether anything is written
 * (a dry run writes nothing), the budget (cycle time, per-call timeout, cancellation), the
 * actions taken and the items skipped, and progress reporting.
 */
import { performance } from 'node:perf_hooks';
import type { Mind } from '../mind/mind';
import { heartbeat } from '../mind/run-lease';
import { HEARTBEAT_MS } from '../mind/run-owner';
import type { WriteOptions } from '../mind/write-options';
import type { ConsolidationProvider, SimilarityThresholds } from './provider';
import { ProviderItemError } from './provider';
import type { PlannedAction, RunOptions, RunStage, SkippedItem } from './run-types';
import { twinTestFor } from './offline/statement-twins';
import { thresholdsFor } from './thresholds';

/** Thrown between items when the run must stop: its budget is spent, or it was cancelled. */
export class RunStop extends Error {
  constructor(readonly status: 'aborted_budget' | 'cancelled', message: string) {
    super(message);
    this.name = 'RunStop';
  }
}

export interface RunCounts {
  clustersFound: number;
  clustersHandled: number;
  created: number;
  reinforced: number;
  contradicted: number;
  partial: number;
  proposals: number;
  applied: number;
  droppedByRejection: number;
  suggested: number;
  contradictionsRecorded: number;
  providerCalls: number;
  classifications: number;
}

export class RunContext {
  readonly actor: string;
  readonly write: WriteOptions & { runId: string };
  readonly dryRun: boolean;
  readonly provider: ConsolidationProvider;
  readonly thresholds: SimilarityThresholds;
  /** Whether a statement within the reinforce threshold of a belief says the same (offline/statement-twins.ts). */
  readonly twins: (statement: string, belief: string) => boolean;
  readonly actions: PlannedAction[] = [];
  readonly skipped: SkippedItem[] = [];
  readonly counts: RunCounts = {
    clustersFound: 0,
    clustersHandled: 0,
    created: 0,
    reinforced: 0,
    contradicted: 0,
    partial: 0,
    proposals: 0,
    applied: 0,
    droppedByRejection: 0,
    suggested: 0,
    contradictionsRecorded: 0,
    providerCalls: 0,
    classifications: 0,
  };
  private readonly started = performance.now();
  private lastBeat = performance.now();

  constructor(
    readonly mind: Mind,
    readonly runId: string,
    readonly options: RunOptions,
  ) {
    this.actor = options.actor ?? `scheduler:${runId}`;
    this.write = { actor: this.actor, runId };
    this.dryRun = options.dryRun ?? false;
    this.provider = options.provider;
    this.thresholds = thresholdsFor(options.provider.embedder.id);
    this.twins = twinTestFor(options.provider.embedder.id);
  }

  get budget() {
    return this.options.settings.budget;
  }

  elapsedMs(): number {
    return Math.round(performance.now() - this.started);
  }

  /** Between items: stop cleanly when cancelled or past the cycle's time. */
  checkpoint(): void {
    if (this.options.signal?.aborted) throw new RunStop('cancelled', 'cancelled');
    if (this.elapsedMs() > this.budget.maxCycleMs) {
      throw new RunStop('aborted_budget', `cycle time limit of ${this.budget.maxCycleMs} ms reached`);
    }
  }

  /** Runs a write: in one transaction on a real run, not at all on a dry run. */
  commit(work: () => void): void {
    if (!this.dryRun) this.mind.store.transaction(work);
  }

  /**
   * Runs `work` (model updates and commits alike) as one transaction, its commits nested as
   * savepoints: a run killed half-way through never leaves part of one step written. A dry run
   * just runs it (its commits write nothing).
   */
  atomically(work: () => void): void {
    if (this.dryRun) work();
    else this.mind.store.transaction(work);
  }

  act(op: string, memoryId: string | null, summary: string): void {
    this.actions.push({ op, memoryId, summary });
  }

  skip(item: string, reason: string): void {
    this.skipped.push({ item, reason });
  }

  progress(stage: RunStage, done: number, total: number): void {
    this.beat();
    this.options.onProgress?.({ runId: this.runId, stage, done, total });
  }

  /**
   * The run's heartbeat (run-lease.ts), at most every HEARTBEAT_MS: called from progress, which
   * long synchronous stretches report often, and from a timer while provider calls are awaited.
   */
  beat(): void {
    if (this.dryRun || performance.now() - this.lastBeat < HEARTBEAT_MS) return;
    this.lastBeat = performance.now();
    try {
      heartbeat(this.mind, this.runId);
    } catch {
      // A store busy with another writer skips one beat; the next one comes soon.
    }
  }

  /** A provider call's signal: the per-call timeout (never past the cycle's end) or a cancel. */
  callSignal(): { signal: AbortSignal; timeout: AbortSignal } {
    const remaining = Math.max(1, this.budget.maxCycleMs - this.elapsedMs());
    const timeout = AbortSignal.timeout(Math.min(this.budget.perCallTimeoutMs, remaining));
    return { signal: this.options.signal ? AbortSignal.any([this.options.signal, timeout]) : timeout, timeout };
  }

  /**
   * One provider call under the per-call timeout (never past the cycle's end). A call that fails
   * for its item (timeout, malformed or refused output) is recorded as skipped and yields null; a
   * cancellation or the end of the cycle stops the run.
   */
  async call<T>(item: string, work: (signal: AbortSignal) => Promise<T>): Promise<T | null> {
    this.checkpoint();
    this.counts.providerCalls += 1;
    const { signal, timeout } = this.callSignal();
    try {
      return await untilAborted(work(signal), signal);
    } catch (error) {
      this.checkpoint();
      if (error instanceof ProviderItemError) {
        this.skip(item, `${error.reason}: ${error.message}`);
        return null;
      }
      if (timeout.aborted) {
        this.skip(item, `timeout: no answer within ${this.budget.perCallTimeoutMs} ms`);
        return null;
      }
      throw error;
    }
  }
}

/** A provider that ignores its signal still cannot hold the run past the signal. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
