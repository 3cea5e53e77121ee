/**
 * What a memory's timeline and history read: its journal rows up to an instant (newest `limit`,
 * handed back oldest first) and its stored versions (memory_versions), both on their per-memory
 * indexes (journal_memory, memory_versions_seq), so a memory with thousands of changes reads in
 * one range scan each.
 */
import type { Db } from './connection';
import { type JournalEntry, type JournalRow, journalEntryOf } from './journal-repo';
import { type MemoryRecord, type MemoryRow, toRecord } from './memory-record';
import { stmt } from './statements';

export interface JournalWindow {
  /** Oldest first. */
  entries: JournalEntry[];
  /** Older rows were left out to keep within the limit. */
  truncated: boolean;
}

/**
 * A memory's journal rows written up to `upTo` (epoch ms; null: all), except accesses (a read
 * changes nothing a person wrote), the newest `limit` of them in the order they happened.
 */
export function journalWindowOf(db: Db, memoryId: string, upTo: number | null, limit: number): JournalWindow {
  const rows = stmt(
    db,
    `SELECT * FROM journal WHERE memory_id = ? AND op != 'access' AND at <= ? ORDER BY seq DESC LIMIT ?`,
  ).all(memoryId, upTo ?? Number.MAX_SAFE_INTEGER, limit + 1) as JournalRow[];
  const kept = rows.slice(0, limit).reverse();
  return { entries: kept.map(journalEntryOf), truncated: rows.length > limit };
}

/** A memory's stored versions from `fromVersion` on, oldest first (each version once: the last row stored for it). */
export function versionsOf(db: Db, seq: number, fromVersion: number): MemoryRecord[] {
  const rows = stmt(
    db,
    `SELECT * FROM memory_versions WHERE seq = ? AND version >= ? ORDER BY valid_from, version_seq`,
  ).all(seq, fromVersion) as MemoryRow[];
  const byVersion = new Map<number, MemoryRecord>();
  for (const row of rows) byVersion.set(row.version as number, toRecord(row));
  return [...byVersion.values()].sort((a, b) => a.version - b.version);
}

/** One stored version of a memory, or null when it never had that version. */
export function findVersion(db: Db, seq: number, version: number): MemoryRecord | null {
  const row = stmt(db, 'SELECT * FROM memory_versions WHERE seq = ? AND version = ? ORDER BY version_seq DESC LIMIT 1').get(seq, version) as
    | MemoryRow
    | undefined;
  return row ? toRecord(row) : null;
}
