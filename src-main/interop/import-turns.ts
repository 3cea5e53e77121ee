/**
 * How an import holds the mind while it works through a file, in turns with the event loop between
 * them (so progress reaches the windows and the app's other calls are answered):
 *
 * - A preview reads in one read transaction, which stops no writer, and yields every few thousand rows.
 * - An import writes in short transactions, each bounded by time, and releases the write lock between
 *   them. A writer in this process gets in on the event loop; one in another process is asleep in
 *   SQLite's busy handler (it retries at most every 100 ms), so while another process has the mind
 *   open the import pauses a little longer than that between transactions. Nobody waits on the lock
 *   much longer than one transaction plus one retry. The first transaction marks the import in
 *   progress (store/import-marks-repo.ts) and the last removes the mark with the import's own
 *   journal row: a mark that stays behind is an import interrupted part-way, and `check` says so.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { MindError } from '../../shared/errors';
import type { Db } from '../store/connection';
import { beatImportMark, clearImportMark, findImportMark, highestMemorySeq, type ImportMark, setImportMark } from '../store/import-marks-repo';
import { beginImmediate, commit, rollback } from '../store/import-writes';
import { beginRead } from '../store/import-rehearsal';
import { otherLockHolders } from '../store/lock-holders';
import { thisProcess } from '../mind/run-owner';

/** How long one write transaction of an import may hold the lock. */
const WRITE_TURN_MS = 150;

/** The pause between two write transactions while another process has the mind open: longer than SQLite's longest busy sleep (100 ms). */
const WRITE_PAUSE_MS = 110;

/** Rows a preview reads between two turns of the event loop. */
const READ_TURN_ROWS = 2_000;

export interface ImportTurns {
  /** Counts a row; true when this turn has run its course (the caller brings its rows to a point where it may commit, then calls `next`). */
  rowDone(): boolean;
  /** Ends this turn, lets the event loop (and other writers) run, and starts the next. */
  next(): Promise<void>;
  /** Ends the last turn: a write commits (and removes the mark), a read lets go. */
  finish(): void;
  /** Ends the current turn having written nothing of it. */
  abandon(): void;
  /** Write transactions committed so far: after a failure, whether some of the import is in the mind. */
  readonly committed: number;
  /** The mark an earlier, interrupted run of this import left: this run carries on from it. */
  readonly resumed: ImportMark | null;
}

/** A preview's turns: one read transaction, a turn of the event loop every few thousand rows. */
export function readTurns(db: Db): ImportTurns {
  beginRead(db);
  let rows = 0;
  return {
    rowDone: () => ++rows % READ_TURN_ROWS === 0,
    next: () => new Promise<void>((resume) => setImmediate(resume)),
    finish: () => rollback(db),
    abandon: () => rollback(db),
    committed: 0,
    resumed: null,
  };
}

/** An import's turns: short write transactions on `db`, the import of `source` marked in the mind until the last one commits. */
export function writeTurns(db: Db, mind: { path: string; now: () => number }, source: string, kind: string): ImportTurns {
  begin(db, mind.path);
  const resumed = findImportMark(db, source);
  const owner = thisProcess();
  const now = mind.now();
  setImportMark(db, {
    source,
    kind,
    startedAt: now,
    heartbeatAt: now,
    ownerHost: owner.host,
    ownerPid: owner.pid,
    ownerStart: owner.start,
    memoriesBefore: resumed?.memoriesBefore ?? highestMemorySeq(db),
  });
  let started = performance.now();
  let committed = 0;
  return {
    rowDone: () => performance.now() - started >= WRITE_TURN_MS,
    async next() {
      beatImportMark(db, source, mind.now());
      commit(db);
      committed += 1;
      await pauseForOthers(mind.path);
      begin(db, mind.path);
      started = performance.now();
    },
    finish() {
      clearImportMark(db, source);
      commit(db);
      committed += 1;
    },
    abandon: () => rollback(db),
    get committed() {
      return committed;
    },
    resumed,
  };
}

function begin(db: Db, path: string): void {
  try {
    beginImmediate(db);
  } catch (error) {
    if (String((error as { code?: unknown }).code ?? '').startsWith('SQLITE_BUSY')) {
      throw new MindError('store_busy', `${path} is busy with another writer; the import could not go on. Run it again to finish it.`, { path });
    }
    throw error;
  }
}

/** A turn of the event loop; longer than another process's busy sleep while one has the mind open (or when the system cannot say). */
async function pauseForOthers(path: string): Promise<void> {
  const others = path === ':memory:' ? [] : otherLockHolders(path);
  if (others === null || others.length > 0) await sleep(WRITE_PAUSE_MS);
  else await new Promise<void>((resume) => setImmediate(resume));
}
