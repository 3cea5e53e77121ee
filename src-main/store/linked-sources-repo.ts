/** Linked sources (`linked_sources`, migration 0015): foreign stores a mind keeps importing from, each with its cursor and what its syncs brought. */
import type { Db } from './connection';
import { stmt } from './statements';

export interface LinkedSourceRow {
  seq: number;
  system: string;
  path: string;
  container: string | null;
  cursor: Record<string, unknown>;
  createdAt: number;
  lastSyncedAt: number | null;
  lastChange: Record<string, unknown> | null;
  lastChangeAt: number | null;
  totals: Record<string, number>;
  lastError: string | null;
}

interface StoredRow extends Omit<LinkedSourceRow, 'cursor' | 'lastChange' | 'totals'> {
  cursor: string;
  lastChange: string | null;
  totals: string;
}

const COLUMNS = `seq, system, path, container, cursor, created_at AS createdAt, last_synced_at AS lastSyncedAt, last_change AS lastChange,
  last_change_at AS lastChangeAt, totals, last_error AS lastError`;

const parse = (row: StoredRow): LinkedSourceRow => ({
  ...row,
  cursor: JSON.parse(row.cursor) as Record<string, unknown>,
  lastChange: row.lastChange === null ? null : (JSON.parse(row.lastChange) as Record<string, unknown>),
  totals: JSON.parse(row.totals) as Record<string, number>,
});

export function findLinkedSource(db: Db, system: string, path: string): LinkedSourceRow | null {
  const row = stmt(db, `SELECT ${COLUMNS} FROM linked_sources WHERE system = ? AND path = ?`).get(system, path) as StoredRow | undefined;
  return row ? parse(row) : null;
}

export function listLinkedSources(db: Db): LinkedSourceRow[] {
  return (stmt(db, `SELECT ${COLUMNS} FROM linked_sources ORDER BY created_at, seq`).all() as StoredRow[]).map(parse);
}

export function insertLinkedSource(db: Db, source: { system: string; path: string; container: string | null }, at: number): number {
  return Number(
    stmt(db, 'INSERT INTO linked_sources (system, path, container, created_at) VALUES (?, ?, ?, ?)').run(source.system, source.path, source.container, at)
      .lastInsertRowid,
  );
}

export function deleteLinkedSource(db: Db, seq: number): void {
  stmt(db, 'DELETE FROM linked_sources WHERE seq = ?').run(seq);
}

/** A sync's outcome: the new cursor, when, and (when it brought anything) what it brought; totals add up. */
export function saveSync(
  db: Db,
  seq: number,
  sync: { cursor: Record<string, unknown>; at: number; change: Record<string, unknown> | null; totals: Record<string, number> },
): void {
  stmt(
    db,
    `UPDATE linked_sources SET cursor = @cursor, last_synced_at = @at, totals = @totals, last_error = NULL,
       last_change = CASE WHEN @change IS NULL THEN last_change ELSE @change END,
       last_change_at = CASE WHEN @change IS NULL THEN last_change_at ELSE @at END WHERE seq = @seq`,
  ).run({
    seq,
    at: sync.at,
    cursor: JSON.stringify(sync.cursor),
    totals: JSON.stringify(sync.totals),
    change: sync.change === null ? null : JSON.stringify(sync.change),
  });
}

export function saveSyncError(db: Db, seq: number, message: string): void {
  stmt(db, 'UPDATE linked_sources SET last_error = ? WHERE seq = ?').run(message, seq);
}

/**
 * Whether a person (or an agent writing through Mindloom) changed the memory here: its words or
 * fields, status or supersession, review, confidence or α/β, verification, or protection. A
 * change the source then makes to it is recorded, not applied (Mindloom's edit is kept). Imports
 * and scheduled runs (decay, consolidation) are not a person's edit.
 */
export function changedInMindloom(db: Db, memoryId: string, fields: readonly string[]): boolean {
  return (
    stmt(
      db,
      `SELECT 1 FROM journal WHERE memory_id = ? AND memory_version IS NOT NULL AND actor NOT LIKE 'import:%' AND actor NOT LIKE 'scheduler:%'
         AND EXISTS (SELECT 1 FROM json_each(journal.before) WHERE json_each.key IN (SELECT value FROM json_each(?))) LIMIT 1`,
    ).get(memoryId, JSON.stringify(fields)) !== undefined
  );
}

/** What the source's last change recorded on a memory held (`source_change`) said, or null. */
export function lastRecordedSourceChange(db: Db, memoryId: string): unknown {
  const row = stmt(db, "SELECT json_extract(after, '$.source') AS source FROM journal WHERE memory_id = ? AND op = 'source_change' ORDER BY seq DESC LIMIT 1").get(memoryId) as
    | { source: string | null }
    | undefined;
  return row?.source == null ? null : JSON.parse(row.source);
}
