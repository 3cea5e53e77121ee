/** Where imported memories came from (`memory_origins`): one row per memory, unique per (system, original id). */
import type { Db } from './connection';
import type { MemoryRecord, MemoryRow } from './memory-record';
import { toRecord } from './memory-record';
import { stmt } from './statements';

export interface OriginWrite {
  memorySeq: number;
  system: string;
  originalId: string;
  container: string | null;
  details: Record<string, unknown>;
}

export interface StoredOrigin {
  memoryId: string;
  memorySeq: number;
  system: string;
  originalId: string;
  container: string | null;
  details: Record<string, unknown>;
  importedAt: number;
}

export function insertOrigin(db: Db, origin: OriginWrite, importedAt: number): void {
  stmt(db, 'INSERT INTO memory_origins (memory_seq, system, original_id, container, details, imported_at) VALUES (?, ?, ?, ?, ?, ?)').run(
    origin.memorySeq,
    origin.system,
    origin.originalId,
    origin.container,
    JSON.stringify(origin.details),
    importedAt,
  );
}

/** The memory imported from `system`'s record `originalId`, if any. */
export function findMemoryByOrigin(db: Db, system: string, originalId: string): MemoryRecord | null {
  const row = stmt(
    db,
    'SELECT m.* FROM memory_origins o JOIN memories m ON m.seq = o.memory_seq WHERE o.system = ? AND o.original_id = ?',
  ).get(system, originalId) as MemoryRow | undefined;
  return row ? toRecord(row) : null;
}

/** Every origin `system` has in this mind, keyed by original id (an importer's "already here" set). */
export function originsOfSystem(db: Db, system: string): Map<string, { memoryId: string; memorySeq: number }> {
  const rows = stmt(
    db,
    'SELECT o.original_id AS originalId, m.id AS memoryId, m.seq AS memorySeq FROM memory_origins o JOIN memories m ON m.seq = o.memory_seq WHERE o.system = ?',
  ).all(system) as { originalId: string; memoryId: string; memorySeq: number }[];
  return new Map(rows.map((r) => [r.originalId, { memoryId: r.memoryId, memorySeq: r.memorySeq }]));
}

export function originOf(db: Db, memorySeq: number): StoredOrigin | null {
  const row = stmt(
    db,
    `SELECT m.id AS memoryId, o.memory_seq AS memorySeq, o.system, o.original_id AS originalId, o.container, o.details, o.imported_at AS importedAt
     FROM memory_origins o JOIN memories m ON m.seq = o.memory_seq WHERE o.memory_seq = ?`,
  ).get(memorySeq) as (Omit<StoredOrigin, 'details'> & { details: string }) | undefined;
  return row ? { ...row, details: JSON.parse(row.details) as Record<string, unknown> } : null;
}
