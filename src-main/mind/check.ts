/**
 * Is this mind healthy? SQLite's integrity check, then the mind's own invariants: every link's
 * ends exist (a forgotten memory's tombstone counts), every superseded memory has its successor,
 * the tallies match the rows, the search index and recall's own indexes are in step with the
 * memories, no run is left running by a process that is gone, and every memory's versions run
 * without gaps.
 *
 * `repair` fixes what can be derived from the rows and nothing else (the tallies, the search and
 * recall indexes, orphaned runs), in one journaled transaction, then checks again. What cannot be
 * derived (a missing memory, a broken history, damaged pages) is reported for a person: restore a
 * backup.
 */
import { performance } from 'node:perf_hooks';
import { type CheckName, type CheckReport, type CheckResult } from '../../shared/contract/trust';
import { isMindError } from '../../shared/errors';
import {
  danglingLinks,
  type Found,
  integrityProblems,
  onlySearchIndexDamaged,
  rebuildTallies,
  recallIndexProblems,
  repairRecallIndexes,
  repairSearchIndex,
  searchIndexProblems,
  supersededWithoutSuccessor,
  tallyMismatches,
  versionBreaks,
} from '../store/check-queries';
import { inspectFileIntegrity } from '../store/inspect';
import { otherLockHolders } from '../store/lock-holders';
import { invalidTextRows } from '../store/text-encoding-query';
import { inspectWriteAheadLog, pageSizeOf, type WalInspection } from '../store/wal-file';
import { appendJournal } from '../store/journal-repo';
import { importMarks } from '../store/import-marks-repo';
import { type Mind, openMind } from './mind';
import { iso } from './present';
import { interruptRun, orphanedRuns } from './run-lease';
import { judgeOwner } from './run-owner';

/**
 * Checks the mind file at `path`. A file SQLite cannot open as a mind (damaged pages) still gets
 * its integrity report; a file that is no mind at all (or a newer one) is refused as opening is.
 */
export function checkMindFile(path: string, options: { repair?: boolean } = {}): CheckReport {
  // The log is read before the mind opens: a connection's first write restarts a log it cannot use, and with it the evidence.
  const log = inspectWriteAheadLog(path, null);
  let mind: Mind;
  try {
    mind = openMind(path, { mustExist: true, leaveRunsAsFound: true });
  } catch (error) {
    if (isMindError(error) && error.code === 'corrupt_file') return unopenedReport(path, error.message, log);
    throw error;
  }
  try {
    return checkMind(mind, { ...options, log });
  } finally {
    mind.close();
  }
}

export interface CheckOptions {
  repair?: boolean;
  /** The write-ahead log as found before the mind was opened; read now when not given. */
  log?: WalInspection;
}

export function checkMind(mind: Mind, options: CheckOptions = {}): CheckReport {
  const started = performance.now();
  const log = options.log ?? (mind.store.path === ':memory:' ? null : inspectWriteAheadLog(mind.store.path, pageSizeOf(mind.store.db)));
  let checks = runChecks(mind, log);
  const repairable = checks.filter((check) => !check.ok && check.repairable);
  const repaired = options.repair === true && repairable.length > 0;
  if (repaired) {
    repair(mind);
    const fixed = new Set(repairable.map((check) => check.name));
    checks = runChecks(mind, log).map((check) => ({ ...check, repaired: fixed.has(check.name) }));
  }
  return {
    path: mind.store.path,
    opened: true,
    ok: checks.every((check) => check.ok),
    schemaVersion: mind.store.schemaVersion,
    checkedAt: iso(mind.now()) as string,
    durationMs: Math.round(performance.now() - started),
    repaired,
    checks,
  };
}

function runChecks(mind: Mind, log: WalInspection | null): CheckResult[] {
  const db = mind.store.db;
  return [
    guarded('integrity', () => {
      const integrity = integrityProblems(db);
      return result(
        'integrity',
        integrity.length,
        // Damage confined to the search index is rebuilt from its rows with it.
        onlySearchIndexDamaged(integrity),
        integrity.map((message) => ({ message })),
        'SQLite finds the file sound',
        'SQLite finds damage in the file',
      );
    }),
    guarded('write_ahead_log', () => logCheck(log)),
    guarded('link_ends', () =>
      fromFound('link_ends', danglingLinks(db), false, 'every link joins two memories (or their tombstones)', 'links with an end that is no memory'),
    ),
    guarded('superseded_successors', () =>
      fromFound(
        'superseded_successors',
        supersededWithoutSuccessor(db),
        false,
        'every superseded memory has its successor',
        'superseded memories without their successor',
      ),
    ),
    guarded('tallies', () => {
      const tallies = tallyMismatches(db);
      return result('tallies', tallies.length, true, tallies, 'the tallies match the memories', 'tally rows that disagree with the memories');
    }),
    guarded('search_index', () => {
      const search = searchIndexProblems(db);
      return result(
        'search_index',
        search.stale.count + search.extra.count + (search.structure === null ? 0 : 1),
        true,
        [
          ...search.stale.samples,
          ...search.extra.samples.map((row) => ({ ...row, problem: 'no_memory' })),
          ...(search.structure === null ? [] : [{ problem: 'structure', message: search.structure }]),
        ],
        'the search index is in step with the memories',
        'search rows out of step with the memories',
      );
    }),
    guarded('recall_indexes', () =>
      fromFound(
        'recall_indexes',
        recallIndexProblems(db),
        true,
        "recall's turn and belief indexes are in step with the memories",
        "recall index rows out of step with the memories",
      ),
    ),
    guarded('orphaned_runs', () => {
      const runs = orphanedRuns(mind);
      return result(
        'orphaned_runs',
        runs.length,
        true,
        runs.map(({ run, why }) => ({ runId: run.id, ownerPid: run.ownerPid, ownerHost: run.ownerHost, why })),
        'no run is left running by a process that is gone',
        'runs left running by a process that is gone',
      );
    }),
    guarded('versions', () =>
      fromFound('versions', versionBreaks(db), false, "every memory's versions run without gaps", 'breaks in memories’ version history'),
    ),
    guarded('text_encoding', () =>
      fromFound('text_encoding', invalidTextRows(db), false, 'every text is valid UTF-8', 'texts stored as bytes that are not UTF-8 (other readers cannot decode them)'),
    ),
    guarded('interrupted_imports', () => interruptedImportsCheck(mind)),
    guarded('other_processes', () => otherProcessesCheck(mind.store.path)),
  ];
}

/**
 * Imports that write in short transactions mark themselves until their last one: a mark whose
 * process is gone is an import that stopped part-way. Nothing is derivable to repair it: the same
 * import run again finishes it (the rows it already wrote are skipped).
 */
function interruptedImportsCheck(mind: Mind): CheckResult {
  const now = mind.now();
  const marks = importMarks(mind.store.db).map((mark) => ({
    mark,
    verdict: judgeOwner({ host: mark.ownerHost, pid: mark.ownerPid, start: mark.ownerStart }, mark.heartbeatAt, now),
  }));
  const interrupted = marks.flatMap(({ mark, verdict }) =>
    verdict.alive
      ? []
      : [{ source: mark.source, kind: mark.kind, startedAt: iso(mark.startedAt), why: verdict.why, finish: `mindloom import ${mark.kind} ${mark.source}` }],
  );
  const running = marks.length - interrupted.length;
  return result(
    'interrupted_imports',
    interrupted.length,
    false,
    interrupted,
    running === 0 ? 'no import was left part-way' : `no import was left part-way (${running} running now)`,
    'imports interrupted part-way (run each again to finish it)',
  );
}

/** What a person needs to hear of the log: damage there means commits that are gone, which no repair brings back. */
function logCheck(log: WalInspection | null): CheckResult {
  return result(
    'write_ahead_log',
    log?.problems.length ?? 0,
    false,
    (log?.problems ?? []).map((message) => ({ message, bytes: log?.bytes })),
    log === null || log.bytes === 0 ? 'no write-ahead log waiting to be folded in' : `the write-ahead log is sound (${log.committedFrames} committed frames)`,
    'the write-ahead log is damaged: commits it held are lost (restore a backup to get them back)',
  );
}

/** Not a problem, but worth knowing before a repair or a restore: who else has the mind open. */
function otherProcessesCheck(path: string): CheckResult {
  const holders = path === ':memory:' ? [] : otherLockHolders(path);
  const named = (holders ?? []).map(({ pid, command }) => `pid ${pid}${command === null ? '' : ` (${command})`}`);
  return {
    ...result('other_processes', 0, false, holders ?? [], '', ''),
    summary:
      holders === null
        ? 'this system does not say which other processes have the mind open'
        : holders.length === 0
          ? 'no other process has the mind open'
          : `open in ${holders.length} other process${holders.length === 1 ? '' : 'es'}: ${named.join(', ')}`,
  };
}

/** Times a check; one that damaged pages stop half-way reports that instead of ending the whole check. */
function guarded(name: CheckName, work: () => CheckResult): CheckResult {
  const started = performance.now();
  let checked: CheckResult;
  try {
    checked = work();
  } catch (error) {
    const message = (error as Error).message;
    checked = { ...result(name, 1, false, [{ message }], '', ''), summary: `could not be checked: ${message}` };
  }
  return { ...checked, durationMs: Math.round(performance.now() - started) };
}

function fromFound(name: CheckName, problems: Found<object>, repairable: boolean, good: string, bad: string): CheckResult {
  return result(name, problems.count, repairable, problems.samples, good, bad);
}

function result(name: CheckName, problems: number, repairable: boolean, samples: readonly object[], good: string, bad: string): CheckResult {
  return {
    name,
    ok: problems === 0,
    problems,
    summary: problems === 0 ? good : `${bad}: ${problems}${repairable ? ' (repairable)' : ''}`,
    samples: samples.slice(0, 20).map((sample) => ({ ...sample })),
    repairable,
    repaired: false,
    durationMs: 0,
  };
}

/** What can be derived from the rows, rebuilt in one transaction with its journal row. */
function repair(mind: Mind): void {
  const db = mind.store.db;
  mind.store.transaction(() => {
    const tallies = tallyMismatches(db).length;
    if (tallies > 0) rebuildTallies(db);
    const searchRows = repairSearchIndex(db);
    const recallIndexes = repairRecallIndexes(db);
    const runs = orphanedRuns(mind).flatMap(({ run, why }) => (interruptRun(mind, run, why) ? [run.id] : []));
    appendJournal(db, {
      at: mind.now(),
      actor: 'user',
      op: 'repair',
      memoryId: null,
      after: { tallyRows: tallies, searchRows, recallIndexes, interruptedRuns: runs },
      reason: 'mindloom check --repair',
    });
  });
}

/** A file whose pages SQLite cannot read as a mind: only its integrity (and its log, read before) can be reported. */
function unopenedReport(path: string, openError: string, log: WalInspection): CheckReport {
  const started = performance.now();
  const inspected = inspectFileIntegrity(path);
  const integrity = result('integrity', inspected.problems.length, false, inspected.problems.map((message) => ({ message })), 'SQLite finds the file sound', 'SQLite finds damage in the file');
  return {
    path,
    opened: false,
    ok: false,
    schemaVersion: inspected.schemaVersion,
    checkedAt: new Date().toISOString(),
    durationMs: Math.round(performance.now() - started),
    repaired: false,
    checks: [
      {
        ...(integrity.ok ? { ...integrity, ok: false, problems: 1, summary: `the file does not open as a mind: ${openError}` } : integrity),
        durationMs: Math.round(performance.now() - started),
      },
      logCheck(log),
    ],
  };
}
