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

/** A journal row as the timeline reads it: no `before` (the timeline draws what came after). */
export type TimelineRow = Pick<
  JournalEntry,
  'seq' | 'at' | 'actor' | 'op' | 'memoryId' | 'reason' | 'evidence' | 'after' | 'confidenceBefore' | 'confidenceAfter' | 'memoryVersion'
>;

/**
 * Like journalWindowOf, reading only the columns a timeline shows: a memory reinforced thousands
 * of times reads and parses a fraction of what its full rows hold.
 */
export function timelineRowsOf(db: Db, memoryId: string, upTo: number | null, limit: number): { rows: TimelineRow[]; truncated: boolean } {
  const rows = stmt(
    db,
    `SELECT seq, at, actor, op, memory_id, reason, evidence, after, confidence_before, confidence_after, memory_version FROM journal
     WHERE memory_id = ? AND op != 'access' AND at <= ? ORDER BY seq DESC LIMIT ?`,
  ).all(memoryId, upTo ?? Number.MAX_SAFE_INTEGER, limit + 1) as Pick<
    JournalRow,
    'seq' | 'at' | 'actor' | 'op' | 'memory_id' | 'reason' | 'evidence' | 'after' | 'confidence_before' | 'confidence_after' | 'memory_version'
  >[];
  const kept = rows.slice(0, limit).reverse();
  return {
    rows: kept.map((row) => ({
      seq: row.seq,
      at: row.at,
      actor: row.actor,
      op: row.op,
      memoryId: row.memory_id,
      reason: row.reason,
      evidence: row.evidence === null ? null : JSON.parse(row.evidence),
      after: row.after === null ? null : (JSON.parse(row.after) as Record<string, unknown>),
      confidenceBefore: row.confidence_before,
      confidenceAfter: row.confidence_after,
      memoryVersion: row.memory_version,
    })),
    truncated: rows.length > limit,
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
  ).all(seq, fromVersion) as {
    version: number;
    alpha: number | null;
    beta: number | null;
    protected: number;
    created_at: number;
    last_verified_at: number | null;
    last_reinforced_at: number | null;
  }[];
  const states = new Map<number, VersionState>();
  for (const row of rows) {
    states.set(row.version, {
      version: row.version,
      alpha: row.alpha,
      beta: row.beta,
      protected: row.protected === 1,
      createdAt: row.created_at,
      lastVerifiedAt: row.last_verified_at,
      lastReinforcedAt: row.last_reinforced_at,
    });
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
