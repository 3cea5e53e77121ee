import type { Db } from './connection';
import { stmt } from './statements';

/** Returns the new rejection's seq. */
export function insertRejection(
  db: Db,
  r: { fingerprint: string; text: string; memoryId: string | null; reason: string },
  createdAt: number,
): number {
  return Number(
    stmt(db, 'INSERT INTO rejections (fingerprint, text, memory_id, reason, created_at) VALUES (?, ?, ?, ?, ?)').run(
      r.fingerprint,
      r.text,
      r.memoryId,
      r.reason,
      createdAt,
    ).lastInsertRowid,
  );
}

/** The rejection in force for a fingerprint, if any. */
export function findRejection(db: Db, fingerprint: string): { text: string; reason: string } | null {
  return (
    (stmt(db, 'SELECT text, reason FROM rejections WHERE fingerprint = ? AND revoked_at IS NULL LIMIT 1').get(fingerprint) as
      | { text: string; reason: string }
      | undefined) ?? null
  );
}

/**
 * What the rejections in force are, in a word that changes whenever they do: a rejection added
 * (seqs only grow), revoked or put back in force, or its text redacted. Reading every row is cheap
 * (a mind holds thousands at most); keeping what they derive is not (rejection-filter.ts).
 */
export function rejectionsVersion(db: Db): string {
  const row = stmt(
    db,
    `SELECT coalesce(max(seq), 0) || '/' || total(length(text)) || '/' || coalesce(group_concat(CASE WHEN revoked_at IS NULL THEN seq END), '') AS version FROM rejections`,
  ).get() as { version: string };
  return row.version;
}

/** A forgotten memory's words leave its rejections; the fingerprint and reason stay, so it is still never learned again. */
export function redactRejectionText(db: Db, memoryId: string): void {
  stmt(db, `UPDATE rejections SET text = '' WHERE memory_id = ?`).run(memoryId);
}

export interface RejectionRow {
  seq: number;
  fingerprint: string;
  text: string;
  memoryId: string | null;
  reason: string;
  createdAt: number;
  revokedAt: number | null;
}

const REJECTION_COLUMNS = 'seq, fingerprint, text, memory_id AS memoryId, reason, created_at AS createdAt, revoked_at AS revokedAt';

export function findRejectionBySeq(db: Db, seq: number): RejectionRow | null {
  return (stmt(db, `SELECT ${REJECTION_COLUMNS} FROM rejections WHERE seq = ?`).get(seq) as RejectionRow | undefined) ?? null;
}

export function setRejectionRevoked(db: Db, seq: number, revokedAt: number | null): void {
  stmt(db, 'UPDATE rejections SET revoked_at = ? WHERE seq = ?').run(revokedAt, seq);
}

/** Newest first, keyset by seq; `revoked` false lists those in force, true the revoked ones, null all. */
export function listRejections(db: Db, options: { revoked: boolean | null; beforeSeq: number | null; limit: number }): RejectionRow[] {
  const revoked = options.revoked === null ? '' : options.revoked ? ' AND revoked_at IS NOT NULL' : ' AND revoked_at IS NULL';
  return stmt(db, `SELECT ${REJECTION_COLUMNS} FROM rejections WHERE seq < ?${revoked} ORDER BY seq DESC LIMIT ?`).all(
    options.beforeSeq ?? Number.MAX_SAFE_INTEGER,
    options.limit,
  ) as RejectionRow[];
}
