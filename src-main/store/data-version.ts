import type { Db } from './connection';

/**
 * SQLite's `data_version` for this connection: it changes when ANOTHER connection (an agent, the
 * consolidation worker, a second app) commits to the file, never for this connection's own writes.
 */
export function readDataVersion(db: Db): number {
  return db.pragma('data_version', { simple: true }) as number;
}
