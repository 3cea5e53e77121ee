/**
 * Shared helpers for the mind's tests: a fresh in-memory mind (real SQLite, real migrations) on a
 * clock the test moves by hand, and counts of what has been written.
 */
import { expect } from 'vitest';
import { isMindError, type ErrorCode } from '../../shared/errors';
import { countJournal } from '../store/journal-repo';
import { storeCounts } from '../store/maintenance-queries';
import { type CreateMemoryInput, createMemory } from './create';
import { type Mind, openMind } from './mind';
import type { MemoryRecord } from '../store/memory-record';
import { type CountedTable, countRows, storedJournalRows } from '../store/store-test-support';

export const DAY_MS = 86_400_000;
/** 2025-01-01T00:00:00Z: every fresh mind starts here. */
export const T0 = Date.UTC(2025, 0, 1);

export interface TestClock {
  now(): number;
  /** Moves time forward by `ms`; returns the new time. */
  advance(ms: number): number;
  set(at: number): void;
}

export interface TestMind {
  mind: Mind;
  clock: TestClock;
}

export function freshMind(start = T0): TestMind {
  let current = start;
  const clock: TestClock = {
    now: () => current,
    advance: (ms) => {
      current += ms;
      return current;
    },
    set: (at) => {
      current = at;
    },
  };
  const mind = openMind(':memory:', { clock: () => current });
  return { mind, clock };
}

export const USER = { actor: 'user' } as const;

export function journalCount(mind: Mind): number {
  return countJournal(mind.store.db);
}

export function memoryCount(mind: Mind): number {
  return storeCounts(mind.store.db).total;
}

export interface Snapshot {
  journal: number;
  memories: number;
  links: number;
  evidenceRefs: number;
  versions: number;
  rejections: number;
  contradictions: number;
}

/** Every table a write can touch, counted. */
export function snapshot(mind: Mind): Snapshot {
  const n = (table: CountedTable) => countRows(mind.store.db, table);
  return {
    journal: journalCount(mind),
    memories: memoryCount(mind),
    links: n('links'),
    evidenceRefs: n('evidence_refs'),
    versions: n('memory_versions'),
    rejections: n('rejections'),
    contradictions: n('contradictions'),
  };
}

/** Asserts `work` throws a MindError with `code`; returns it for further checks. */
export function expectMindError(work: () => unknown, code: ErrorCode) {
  let thrown: unknown = null;
  try {
    work();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, `expected a MindError ${code}`).not.toBeNull();
  if (!isMindError(thrown)) throw thrown;
  expect(thrown.code).toBe(code);
  expect(thrown.message.length).toBeGreaterThan(0);
  return thrown;
}

/** Asserts `work` fails with `code` and leaves every table exactly as it was. */
export function expectRefusedWithoutWrites(mind: Mind, work: () => unknown, code: ErrorCode) {
  const before = snapshot(mind);
  const error = expectMindError(work, code);
  expect(snapshot(mind)).toEqual(before);
  return error;
}

export function add(mind: Mind, input: Partial<CreateMemoryInput> & Pick<CreateMemoryInput, 'type'>): MemoryRecord {
  return createMemory(mind, { content: `a ${input.type}`, ...input }, USER);
}

/** The raw journal rows of one memory, oldest first. */
export function journalRows(mind: Mind, memoryId: string) {
  return storedJournalRows(mind.store.db, memoryId);
}

export function lastJournal(mind: Mind, memoryId: string) {
  const rows = journalRows(mind, memoryId);
  const row = rows[rows.length - 1];
  if (!row) throw new Error(`no journal rows for ${memoryId}`);
  return {
    ...row,
    before: row.before === null ? null : (JSON.parse(row.before) as Record<string, unknown>),
    after: row.after === null ? null : (JSON.parse(row.after) as Record<string, unknown>),
    evidence: row.evidence === null ? null : (JSON.parse(row.evidence) as unknown),
  };
}
