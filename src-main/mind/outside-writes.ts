/**
 * Notices writes made to a mind's file by other connections (an agent over MCP, the consolidation
 * worker, another app): SQLite bumps the connection's `data_version` when someone else commits.
 * The journal then says which memories the writes touched, so the open views refresh only those.
 */
import { readDataVersion } from '../store/data-version';
import { journalHead, journalTouchesSince } from '../store/journal-repo';
import type { Mind } from './mind';

export const OUTSIDE_WRITE_POLL_MS = 500;
/** Past this many changed memories in one poll, "everything changed" is cheaper to act on than the list. */
export const MAX_CHANGED_IDS = 500;
/** Journal rows read per poll at most (a bulk import writes far more; then everything changed). */
const MAX_JOURNAL_ROWS = 5_000;

/**
 * What other connections changed since the last poll: the memories (`[]`: none, only something
 * else such as a consolidation run's record), or null when it is not known which (a settings
 * change, or more than MAX_CHANGED_IDS memories): then everything may have changed.
 */
export interface OutsideChange {
  ids: string[] | null;
  /** The journal position read up to: the ids are complete up to it. */
  upTo: number;
}

/** The journal position now: what a change announced at this moment is complete up to. */
export function journalPosition(mind: Mind): number {
  return journalHead(mind.store.db);
}

/** Calls `onChange` after each poll that saw another connection's commit; returns the stop function. */
export function watchOutsideWrites(mind: Mind, onChange: (change: OutsideChange) => void, pollMs = OUTSIDE_WRITE_POLL_MS): () => void {
  const db = mind.store.db;
  let seen = readDataVersion(db);
  let journalSeen = journalHead(db);
  const timer = setInterval(() => {
    let change: OutsideChange;
    try {
      const current = readDataVersion(db);
      if (current === seen) return;
      seen = current;
      const touches = journalTouchesSince(db, journalSeen, MAX_JOURNAL_ROWS);
      journalSeen = touches.truncated ? journalHead(db) : touches.lastSeq;
      const known = !touches.truncated && !touches.untargeted && touches.memoryIds.length <= MAX_CHANGED_IDS;
      change = { ids: known ? touches.memoryIds : null, upTo: journalSeen };
    } catch {
      // The connection closed under us (the mind is being closed): the stop call follows.
      return;
    }
    onChange(change);
  }, pollMs);
  timer.unref();
  return () => clearInterval(timer);
}
