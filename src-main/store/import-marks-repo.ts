/**
 * The marks of imports that write in short transactions (migration 0018): set with an import's first
 * transaction, beaten with each later one, removed with its last. A mark left behind names an import
 * that was interrupted part-way (its process killed, the machine off): `check` reports it, and
 * running the same import again finishes it and removes the mark.
 */
import type { Db } from './connection';
import { stmt } from './statements';

export interface ImportMark {
  source: string;
  kind: string;
  startedAt: number;
  heartbeatAt: number;
  ownerHost: string;
  ownerPid: number;
  ownerStart: string | null;
  /** The highest memory seq before the import wrote its first memory: a memory above it that the file holds is the import's own. */
  memoriesBefore: number;
}

const COLUMNS = `source, kind, started_at AS startedAt, heartbeat_at AS heartbeatAt, owner_host AS ownerHost, owner_pid AS ownerPid,
  owner_start AS ownerStart, memories_before AS memoriesBefore`;

/** The mark an earlier run of the same import left, if any. */
export function findImportMark(db: Db, source: string): ImportMark | null {
  return (stmt(db, `SELECT ${COLUMNS} FROM imports_in_progress WHERE source = ?`).get(source) as ImportMark | undefined) ?? null;
}

export function importMarks(db: Db): ImportMark[] {
  return stmt(db, `SELECT ${COLUMNS} FROM imports_in_progress ORDER BY started_at`).all() as ImportMark[];
}

/** Sets this run's mark (replacing an interrupted run's: this one carries on from where that one stopped). */
export function setImportMark(db: Db, mark: ImportMark): void {
  stmt(
    db,
    `INSERT OR REPLACE INTO imports_in_progress (source, kind, started_at, heartbeat_at, owner_host, owner_pid, owner_start, memories_before)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(mark.source, mark.kind, mark.startedAt, mark.heartbeatAt, mark.ownerHost, mark.ownerPid, mark.ownerStart, mark.memoriesBefore);
}

export function beatImportMark(db: Db, source: string, at: number): void {
  stmt(db, 'UPDATE imports_in_progress SET heartbeat_at = ? WHERE source = ?').run(at, source);
}

export function clearImportMark(db: Db, source: string): void {
  stmt(db, 'DELETE FROM imports_in_progress WHERE source = ?').run(source);
}

/** The highest memory seq the mind has ever given (0 for none). */
export function highestMemorySeq(db: Db): number {
  return (stmt(db, `SELECT coalesce(max(seq), 0) AS seq FROM memories`).get() as { seq: number }).seq;
}
