/** The append-only journal: every change, who made it, and why. */
import { currentActionId } from './actions';
import type { Db } from './connection';
import { stmt } from './statements';

export interface JournalWrite {
  at: number;
  actor: string;
  op: string;
  memoryId: string | null;
  runId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  confidenceBefore?: number | null;
  confidenceAfter?: number | null;
  reason?: string | null;
  evidence?: unknown;
  /** The memory's version after this change, when the row changed the memory. */
  memoryVersion?: number | null;
}

export interface JournalEntry {
  seq: number;
  at: number;
  actor: string;
  op: string;
  memoryId: string | null;
  runId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  confidenceBefore: number | null;
  confidenceAfter: number | null;
  reason: string | null;
  evidence: unknown;
  /** The action (store/actions.ts) the row belongs to; a row from before undo is an action of its own. */
  actionId: number;
  memoryVersion: number | null;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

export function appendJournal(db: Db, entry: JournalWrite): number {
  return Number(
    stmt(
      db,
      `INSERT INTO journal (at, actor, op, memory_id, run_id, before, after, confidence_before, confidence_after, reason, evidence,
         action_id, memory_version)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      entry.at,
      entry.actor,
      entry.op,
      entry.memoryId,
      entry.runId ?? null,
      json(entry.before),
      json(entry.after),
      entry.confidenceBefore ?? null,
      entry.confidenceAfter ?? null,
      entry.reason ?? null,
      json(entry.evidence),
      currentActionId(db, true),
      entry.memoryVersion ?? null,
    ).lastInsertRowid,
  );
}

/** A journal row as stored: snake_case, JSON as text. */
export interface JournalRow {
  seq: number;
  at: number;
  actor: string;
  op: string;
  memory_id: string | null;
  run_id: string | null;
  before: string | null;
  after: string | null;
  confidence_before: number | null;
  confidence_after: number | null;
  reason: string | null;
  evidence: string | null;
  action_id: number | null;
  memory_version: number | null;
}

const parse = (text: string | null) => (text === null ? null : JSON.parse(text));

export function journalEntryOf(row: JournalRow): JournalEntry {
  return {
    seq: row.seq,
    at: row.at,
    actor: row.actor,
    op: row.op,
    memoryId: row.memory_id,
    runId: row.run_id,
    before: parse(row.before) as Record<string, unknown> | null,
    after: parse(row.after) as Record<string, unknown> | null,
    confidenceBefore: row.confidence_before,
    confidenceAfter: row.confidence_after,
    reason: row.reason,
    evidence: parse(row.evidence),
    actionId: row.action_id ?? row.seq,
    memoryVersion: row.memory_version,
  };
}

/** The newest `limit` journal rows about a memory, newest first. */
export function journalOf(db: Db, memoryId: string, limit: number): JournalEntry[] {
  return (stmt(db, 'SELECT * FROM journal WHERE memory_id = ? ORDER BY seq DESC LIMIT ?').all(memoryId, limit) as JournalRow[]).map(
    journalEntryOf,
  );
}

export function countJournal(db: Db): number {
  return (stmt(db, 'SELECT count(*) AS n FROM journal').get() as { n: number }).n;
}

/**
 * Forgetting removes the memory's words from its earlier journal rows too: content, fields,
 * evidence references and the free-text evidence of each change (who/when/what-op stay, and the
 * ids of linked memories stay in `after`: that is the tombstone). The only rewrite the journal
 * ever gets, and it only ever removes.
 */
export function redactJournalContent(db: Db, memoryId: string): void {
  stmt(
    db,
    `UPDATE journal SET
       before = CASE WHEN before IS NULL THEN NULL ELSE json_remove(before, '$.content', '$.fields', '$.evidenceRefs') END,
       after = CASE WHEN after IS NULL THEN NULL ELSE json_remove(after, '$.content', '$.fields', '$.evidenceRefs') END,
       evidence = NULL
     WHERE memory_id = ?`,
  ).run(memoryId);
}

export function findJournalEntry(db: Db, seq: number): JournalEntry | null {
  const row = stmt(db, 'SELECT * FROM journal WHERE seq = ?').get(seq) as JournalRow | undefined;
  return row ? journalEntryOf(row) : null;
}

/** The rows of one action, oldest first (a row from before undo kept no action: it is its own). */
export function journalOfAction(db: Db, actionId: number): JournalEntry[] {
  return (
    stmt(db, 'SELECT * FROM journal WHERE action_id = ? OR (seq = ? AND action_id IS NULL) ORDER BY seq').all(actionId, actionId) as JournalRow[]
  ).map(journalEntryOf);
}

/** The first change to a memory after a journal row (an access changes nothing a person wrote). */
export function firstChangeAfter(db: Db, memoryId: string, afterSeq: number): JournalEntry | null {
  const row = stmt(db, `SELECT * FROM journal WHERE memory_id = ? AND seq > ? AND op != 'access' ORDER BY seq LIMIT 1`).get(memoryId, afterSeq) as
    | JournalRow
    | undefined;
  return row ? journalEntryOf(row) : null;
}

/** One actor's rows among the journal's newest `window` rows, newest first (bounded: no walk of a long journal). */
export function recentJournalOf(db: Db, actor: string, window: number): JournalEntry[] {
  return (
    stmt(db, 'SELECT * FROM (SELECT * FROM journal ORDER BY seq DESC LIMIT ?) WHERE actor = ? ORDER BY seq DESC').all(window, actor) as JournalRow[]
  ).map(journalEntryOf);
}

/** The newest journal row's seq (0 for an empty journal): where a watcher starts reading. */
export function journalHead(db: Db): number {
  return (stmt(db, 'SELECT coalesce(max(seq), 0) AS seq FROM journal').get() as { seq: number }).seq;
}

export interface JournalTouches {
  /** The seq of the last row read. */
  lastSeq: number;
  /** Memories the rows name, each once, in the order first named. */
  memoryIds: string[];
  /** A row named no memory (a settings change): something beyond memories changed. */
  untargeted: boolean;
  /** More than `limit` rows were written: the caller should treat everything as changed. */
  truncated: boolean;
}

/** Which memories the journal rows after `afterSeq` touched, reading at most `limit` rows. */
export function journalTouchesSince(db: Db, afterSeq: number, limit: number): JournalTouches {
  const rows = stmt(db, 'SELECT seq, memory_id FROM journal WHERE seq > ? ORDER BY seq LIMIT ?').all(afterSeq, limit + 1) as {
    seq: number;
    memory_id: string | null;
  }[];
  const read = rows.slice(0, limit);
  const ids = new Set<string>();
  for (const row of read) if (row.memory_id !== null) ids.add(row.memory_id);
  return {
    lastSeq: read.at(-1)?.seq ?? afterSeq,
    memoryIds: [...ids],
    untargeted: read.some((row) => row.memory_id === null),
    truncated: rows.length > limit,
  };
}
