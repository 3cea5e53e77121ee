/** Reading and writing memory rows. */
import type { Db } from './connection';
import { COLUMN_OF, type MemoryPatch, type MemoryRecord, type MemoryRow, type MemoryWrite, toColumnValue, toRecord } from './memory-record';
import { stmt } from './statements';

const WRITE_KEYS = Object.keys(COLUMN_OF) as (keyof MemoryWrite)[];
const INSERT_SQL = `INSERT INTO memories (${WRITE_KEYS.map((k) => COLUMN_OF[k]).join(', ')})
  VALUES (${WRITE_KEYS.map((k) => `@${k}`).join(', ')})`;

export function insertMemory(db: Db, memory: MemoryWrite): number {
  const params: Record<string, unknown> = {};
  for (const key of WRITE_KEYS) params[key] = toColumnValue(key, memory[key]);
  return Number(stmt(db, INSERT_SQL).run(params).lastInsertRowid);
}

/** Updates only the named columns (statements are cached per column set). */
export function updateMemory(db: Db, seq: number, patch: MemoryPatch): void {
  const keys = (Object.keys(patch) as (keyof MemoryPatch)[]).filter((k) => patch[k] !== undefined).sort();
  if (keys.length === 0) return;
  const sql = `UPDATE memories SET ${keys.map((k) => `${COLUMN_OF[k]} = @${k}`).join(', ')} WHERE seq = @seq`;
  const params: Record<string, unknown> = { seq };
  for (const key of keys) params[key] = toColumnValue(key, patch[key]);
  stmt(db, sql).run(params);
}

export function findMemoryById(db: Db, id: string): MemoryRecord | null {
  const row = stmt(db, 'SELECT * FROM memories WHERE id = ?').get(id) as MemoryRow | undefined;
  return row ? toRecord(row) : null;
}

export function findMemoryBySeq(db: Db, seq: number): MemoryRecord | null {
  const row = stmt(db, 'SELECT * FROM memories WHERE seq = ?').get(seq) as MemoryRow | undefined;
  return row ? toRecord(row) : null;
}

export function findMemoriesBySeqs(db: Db, seqs: readonly number[]): MemoryRecord[] {
  if (seqs.length === 0) return [];
  const rows = stmt(db, 'SELECT m.* FROM json_each(?) j JOIN memories m ON m.seq = j.value').all(
    JSON.stringify(seqs),
  ) as MemoryRow[];
  return rows.map(toRecord);
}

/** The memory as it stood at `at` (epoch ms), from its version history. */
export function findMemoryVersionAt(db: Db, id: string, at: number): MemoryRecord | null {
  const row = stmt(
    db,
    `SELECT v.* FROM memories m JOIN memory_versions v ON v.seq = m.seq
     WHERE m.id = ? AND v.valid_from <= ? AND (v.valid_to IS NULL OR v.valid_to > ?)
     ORDER BY v.valid_from DESC LIMIT 1`,
  ).get(id, at, at) as MemoryRow | undefined;
  return row ? toRecord(row) : null;
}

/** Blanks every stored snapshot of a forgotten memory: its content must not survive anywhere. */
export function scrubMemoryVersions(db: Db, seq: number): void {
  stmt(db, `UPDATE memory_versions SET content = '', fields = '{}' WHERE seq = ?`).run(seq);
}

/** Active memories waiting for review with at least this confidence and evidence (auto-approval's sweep). */
export function pendingAtLeast(db: Db, minConfidence: number, minEvidence: number, limit: number): MemoryRecord[] {
  return (
    stmt(
      db,
      `SELECT * FROM memories WHERE review_status = 'pending' AND status = 'active' AND confidence >= ? AND event_evidence_count >= ?
       ORDER BY seq LIMIT ?`,
    ).all(minConfidence, minEvidence, limit) as MemoryRow[]
  ).map(toRecord);
}
