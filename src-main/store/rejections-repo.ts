import type { Db } from './connection';
import { stmt } from './statements';

export function insertRejection(
  db: Db,
  r: { fingerprint: string; text: string; memoryId: string | null; reason: string },
  createdAt: number,
): void {
  stmt(db, 'INSERT INTO rejections (fingerprint, text, memory_id, reason, created_at) VALUES (?, ?, ?, ?, ?)').run(
    r.fingerprint,
    r.text,
    r.memoryId,
    r.reason,
    createdAt,
  );
}

export function findRejection(db: Db, fingerprint: string): { text: string; reason: string } | null {
  return (
    (stmt(db, 'SELECT text, reason FROM rejections WHERE fingerprint = ? LIMIT 1').get(fingerprint) as
      | { text: string; reason: string }
      | undefined) ?? null
  );
}

/** A forgotten memory's words leave its rejections; the fingerprint and reason stay, so it is still never learned again. */
export function redactRejectionText(db: Db, memoryId: string): void {
  stmt(db, `UPDATE rejections SET text = '' WHERE memory_id = ?`).run(memoryId);
}
