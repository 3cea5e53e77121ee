/**
 * A consolidation run's lease on its mind: one run at a time per mind file, whichever process
 * runs it, and no run left `running` by a process that is gone.
 *
 * - A run's row names its owner (run-owner.ts) and carries a heartbeat. `claimRun` inserts the
 *   row inside one IMMEDIATE transaction after looking for a live run, so of two processes that
 *   start a run at the same moment exactly one gets it; the other is refused with `invalid_state`.
 * - A `running` row whose owner is gone was interrupted (a killed process, a crashed worker, a
 *   machine that lost power). `recoverInterruptedRuns` marks it `interrupted`, journaled with what
 *   it had committed; opening a mind does this (mind.ts), so the CLI, the host, the app and the
 *   worker all say what happened. An interrupted run is reverted like a finished one, and the next
 *   run resumes from the checkpoint: the pipeline commits step by step and marks what it handled.
 */
import { MindError } from '../../shared/errors';
import { beatRun, finishRun, insertRun, type RunRow, runJournalTally, runningRuns } from '../store/consolidation-runs-repo';
import { appendJournal } from '../store/journal-repo';
import type { Mind } from './mind';
import { judgeOwner, type RunOwner, thisProcess } from './run-owner';

export interface RunInterruption {
  readonly runId: string;
  /** Why the run was taken for interrupted, in words. */
  readonly why: string;
  /** Journal rows the run had committed, in all and by operation. */
  readonly committed: number;
  readonly byOp: Readonly<Record<string, number>>;
}

export interface RunClaim {
  readonly id: string;
  readonly trigger: string;
  readonly provider: string;
}

const ownerOf = (run: RunRow): RunOwner | null =>
  run.ownerPid === null || run.ownerHost === null ? null : { host: run.ownerHost, pid: run.ownerPid, start: run.ownerStart };

/**
 * Inserts the run's row with this process as its owner, unless a live run holds the mind (then
 * `invalid_state`, details `{runId, ownerPid, ownerHost}`). Runs whose owner is gone are marked
 * interrupted on the way.
 */
export function claimRun(mind: Mind, claim: RunClaim): void {
  mind.store.transaction(() => {
    const { live } = settleRunningRuns(mind);
    if (live !== null) {
      throw new MindError(
        'invalid_state',
        `A consolidation run is already running on this mind (${live.id}, process ${live.ownerPid ?? '?'} on ${live.ownerHost ?? '?'}); wait for it to finish or cancel it there.`,
        { runId: live.id, ownerPid: live.ownerPid, ownerHost: live.ownerHost },
      );
    }
    const owner = thisProcess();
    insertRun(mind.store.db, {
      ...claim,
      status: 'running',
      startedAt: mind.now(),
      ownerHost: owner.host,
      ownerPid: owner.pid,
      ownerStart: owner.start,
    });
  });
}

/** The owner is still at work on the run. */
export function heartbeat(mind: Mind, runId: string): void {
  mind.store.transaction(() => beatRun(mind.store.db, runId, mind.now()));
}

/** Marks every run left running by a process that is gone as interrupted; returns what it marked. */
export function recoverInterruptedRuns(mind: Mind): RunInterruption[] {
  return settleRuns(mind).interrupted;
}

/** The run a live process is running on this mind now, if any (runs whose owner is gone are recovered first). */
export function liveRun(mind: Mind): RunRow | null {
  return settleRuns(mind).live;
}

/**
 * Looks at the runs marked `running`: those whose owner is gone are marked interrupted, and the
 * one a live process holds is named. One indexed look when nothing runs (no write lock taken).
 */
export function settleRuns(mind: Mind): { live: RunRow | null; interrupted: RunInterruption[] } {
  if (runningRuns(mind.store.db).length === 0) return { live: null, interrupted: [] };
  return mind.store.transaction(() => settleRunningRuns(mind));
}

/** Runs left `running` whose owner is gone, without marking them (what `check` reports). */
export function orphanedRuns(mind: Mind): { run: RunRow; why: string }[] {
  const now = mind.now();
  return runningRuns(mind.store.db).flatMap((run) => {
    const verdict = judgeOwner(ownerOf(run), run.heartbeatAt, now);
    return verdict.alive ? [] : [{ run, why: verdict.why }];
  });
}

/**
 * Ends a run that will never finish: status `interrupted`, its end at its last sign of life, its
 * stats what it had committed, and a journal row saying so (actor: the run itself). Runs inside
 * the caller's transaction; a run no longer `running` is left alone (null).
 */
export function interruptRun(mind: Mind, run: RunRow, why: string): RunInterruption | null {
  const db = mind.store.db;
  if (run.status !== 'running') return null;
  const tally = runJournalTally(db, run.id);
  const lastSignOfLife = Math.max(run.startedAt, run.heartbeatAt ?? 0, tally.lastAt ?? 0);
  finishRun(db, run.id, {
    status: 'interrupted',
    finishedAt: lastSignOfLife,
    budgetUsed: run.budgetUsed,
    stats: { ...run.stats, actions: tally.total, committed: tally.byOp },
    error: `Interrupted: ${why}. What it committed is kept (${tally.total} change${tally.total === 1 ? '' : 's'}); revert it to undo them, and the next run resumes from the checkpoint.`,
  });
  appendJournal(db, {
    at: mind.now(),
    actor: `scheduler:${run.id}`,
    op: 'run_interrupted',
    memoryId: null,
    runId: run.id,
    before: { status: 'running', owner: ownerOf(run) },
    after: { status: 'interrupted', committed: tally.total, byOp: tally.byOp, lastSignOfLife },
    reason: why,
  });
  return { runId: run.id, why, committed: tally.total, byOp: tally.byOp };
}

/** Inside a transaction: interrupts the running runs whose owner is gone and names the live one. */
function settleRunningRuns(mind: Mind): { live: RunRow | null; interrupted: RunInterruption[] } {
  const now = mind.now();
  let live: RunRow | null = null;
  const interrupted: RunInterruption[] = [];
  for (const run of runningRuns(mind.store.db)) {
    const verdict = judgeOwner(ownerOf(run), run.heartbeatAt, now);
    if (verdict.alive) live ??= run;
    else {
      const done = interruptRun(mind, run, verdict.why);
      if (done) interrupted.push(done);
    }
  }
  return { live, interrupted };
}
