/**
 * Notices writes made to a mind's file by other connections (an agent over MCP, the consolidation
 * worker, another app): SQLite bumps the connection's `data_version` when someone else commits.
 */
import { readDataVersion } from '../store/data-version';
import type { Mind } from './mind';

export const OUTSIDE_WRITE_POLL_MS = 500;

/** Calls `onChange` after each poll that saw another connection's commit; returns the stop function. */
export function watchOutsideWrites(mind: Mind, onChange: () => void, pollMs = OUTSIDE_WRITE_POLL_MS): () => void {
  let seen = readDataVersion(mind.store.db);
  const timer = setInterval(() => {
    let current: number;
    try {
      current = readDataVersion(mind.store.db);
    } catch {
      // The connection closed under us (the mind is being closed): the stop call follows.
      return;
    }
    if (current !== seen) {
      seen = current;
      onChange();
    }
  }, pollMs);
  timer.unref();
  return () => clearInterval(timer);
}
