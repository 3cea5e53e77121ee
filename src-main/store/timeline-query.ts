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

/**
 * A journal row as the timeline reads it: no `before` (the timeline draws what came after), and
 * `after` and `evidence` as their stored JSON text, parsed only where a timeline needs them (a
 * memory reinforced thousands of times would otherwise parse every row's α/β bag for nothing).
 */
export interface TimelineRow {
  seq: number;
  at: number;
  actor: string;
  op: string;
  memoryId: string | null;
  reason: string | null;
  evidenceJson: string | null;
  afterJson: string | null;
  confidenceBefore: number | null;
  confidenceAfter: number | null;
  memoryVersion: number | null;
}

type TimelineRowValues = [number, number, string, string, string | null, string | null, string | null, number | null, number | null, number | null];

/**
 * Like journalWindowOf, reading only the columns a timeline shows, as plain arrays (no object per
 * row from SQLite): a memory reinforced thousands of times reads a fraction of what its full rows hold
 * (not even its id, which every row shares: a string less to make per row).
 */
export function timelineRowsOf(db: Db, memoryId: string, upTo: number | null, limit: number): { rows: TimelineRow[]; truncated: boolean } {
  const values = stmt(
    db,
    `SELECT seq, at, actor, op, reason, evidence, after, confidence_before, confidence_after, memory_version FROM journal
     WHERE memory_id = ? AND op != 'access' AND at <= ? ORDER BY seq DESC LIMIT ?`,
  )
    .raw(true)
    .all(memoryId, upTo ?? Number.MAX_SAFE_INTEGER, limit + 1) as TimelineRowValues[];
  const kept = values.slice(0, limit).reverse();
  return {
    rows: kept.map(([seq, at, actor, op, reason, evidenceJson, afterJson, confidenceBefore, confidenceAfter, memoryVersion]) => ({
      seq,
      at,
      actor,
      op,
      memoryId,
      reason,
      evidenceJson,
      afterJson,
      confidenceBefore,
      confidenceAfter,
      memoryVersion,
    })),
    truncated: values.length > limit,
  };
}

/** What decay and the belief's evidence stood at after a version: all a timeline needs of it. */
export interface VersionState {
  version: number;
  alpha: number | null;
  beta: number | null;
  protected: boolean;
  createdAt: number;
  lastVerifiedAt: number | null;
  lastReinforcedAt: number | null;
}

/** A memory's versions from `fromVersion` on (the columns a timeline needs; the last row stored for each version). */
export function versionStatesOf(db: Db, seq: number, fromVersion: number): Map<number, VersionState> {
  const rows = stmt(
    db,
    `SELECT version, alpha, beta, protected, created_at, last_verified_at, last_reinforced_at FROM memory_versions
     WHERE seq = ? AND version >= ? ORDER BY version_seq`,
  )
    .raw(true)
    .all(seq, fromVersion) as [number, number | null, number | null, number, number, number | null, number | null][];
  const states = new Map<number, VersionState>();
  for (const [version, alpha, beta, isProtected, createdAt, lastVerifiedAt, lastReinforcedAt] of rows) {
    states.set(version, { version, alpha, beta, protected: isProtected === 1, createdAt, lastVerifiedAt, lastReinforcedAt });
  }
  return states;
}

/** One stored version of a memory, or null when it never had that version. */
export function findVersion(db: Db, seq: number, version: number): MemoryRecord | null {
  const row = stmt(db, 'SELECT * FROM memory_versions WHERE seq = ? AND version = ? ORDER BY version_seq DESC LIMIT 1').get(seq, version) as
    | MemoryRow
    | undefined;
  return row ? toRecord(row) : null;
}

/**
 * The stored confidence of each named memory after each of its versions valid from `upTo` or
 * before (epoch ms; null: all), oldest first: one range scan of memory_versions_seq per memory,
 * the ids handed over as one JSON array so the statement is compiled once for any batch size.
 * Memories that do not exist are left out.
 */
export function storedConfidencesOf(db: Db, ids: readonly string[], upTo: number | null): Map<string, number[]> {
  const rows = stmt(
    db,
    `SELECT m.id, v.confidence FROM json_each(?) j
     JOIN memories m ON m.id = j.value
     JOIN memory_versions v ON v.seq = m.seq AND v.valid_from <= ?
     ORDER BY v.seq, v.valid_from, v.version_seq`,
  )
    .raw(true)
    .all(JSON.stringify(ids), upTo ?? Number.MAX_SAFE_INTEGER) as [string, number][];
  const confidences = new Map<string, number[]>();
  for (const [id, confidence] of rows) {
    const values = confidences.get(id);
    if (values === undefined) confidences.set(id, [confidence]);
    else values.push(confidence);
  }
  return confidences;
}
