import type { Db } from './connection';
import { stmt } from './statements';

export function recordAccessRow(
  db: Db,
  seq: number,
  access: { stability: number; lastAccessedAt: number; accessCount: number },
): void {
  stmt(db, 'UPDATE memories SET stability = ?, last_accessed_at = ?, access_count = ? WHERE seq = ?').run(
    access.stability,
    access.lastAccessedAt,
    access.accessCount,
    seq,
  );
}
