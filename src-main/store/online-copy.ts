/**
 * A consistent copy of a live database through SQLite's online backup API (better-sqlite3's
 * `backup`). Pages are copied in steps, yielding to the event loop between them, so the process
 * keeps serving while a large mind is copied. A write by another connection between two steps
 * restarts the copy (SQLite's rule); when writers keep doing that, the steps grow until the rest
 * is copied in one step, which holds a read transaction for its length: in WAL mode writers go on
 * meanwhile, and the copy is the database as of that step's start.
 */
import type { Db } from './connection';

export interface CopyProgress {
  /** Pages copied so far, of `total`. */
  done: number;
  total: number;
}

/** The copy restarted this often: copy everything left in one step. */
const RESTARTS_BEFORE_ONE_STEP = 3;
/** Steps of about a hundredth of the file (progress is reported after each), at least this many pages. */
const MIN_STEP_PAGES = 256;
const ALL_PAGES = 0x7fffffff;

/** Copies `db` to `destination` (a new file); returns how many pages it wrote and how often it restarted. */
export async function copyDatabase(db: Db, destination: string, onProgress?: (progress: CopyProgress) => void): Promise<{ pages: number; restarts: number }> {
  let restarts = 0;
  let lastRemaining = Number.POSITIVE_INFINITY;
  const result = await db.backup(destination, {
    progress: ({ totalPages, remainingPages }) => {
      // A step that did not bring the end closer started over.
      if (remainingPages >= lastRemaining) restarts += 1;
      lastRemaining = remainingPages;
      onProgress?.({ done: totalPages - remainingPages, total: totalPages });
      return restarts >= RESTARTS_BEFORE_ONE_STEP ? ALL_PAGES : Math.max(MIN_STEP_PAGES, Math.ceil(totalPages / 100));
    },
  });
  onProgress?.({ done: result.totalPages, total: result.totalPages });
  return { pages: result.totalPages, restarts };
}
