/**
 * Values a call derives from a mind's rows that the next call would derive again (reflection's
 * sample of recent episodes, the rejected statements), kept until what they were read from
 * changes, whoever changes it (this connection, an agent process, the consolidation worker, a
 * second app). Nothing is kept while a transaction is open: it may still roll back.
 */
import { readDataVersion } from '../store/data-version';
import { journalHead } from '../store/journal-repo';
import type { Mind } from './mind';

interface Kept {
  readonly version: string;
  readonly value: unknown;
}

const keptByMind = new WeakMap<Mind, Map<string, Kept>>();

/**
 * The state of the mind as this connection sees it now: every change made through this connection
 * writes journal rows, and a commit by another connection moves SQLite's `data_version`.
 */
export function mindState(mind: Mind): string {
  const db = mind.store.db;
  return `${journalHead(db)}:${readDataVersion(db)}`;
}

/**
 * `derive()`, or what it gave while `version` was the same: `version` names everything the value
 * depends on (`mindState` and the call's arguments, or something narrower that changes whenever the
 * rows it is read from do). One value is kept per kind: a new version replaces the old one.
 */
export function derivedOf<T>(mind: Mind, kind: string, version: string, derive: () => T): T {
  if (mind.store.db.inTransaction) return derive();
  let kept = keptByMind.get(mind);
  if (kept === undefined) {
    kept = new Map();
    keptByMind.set(mind, kept);
  }
  const found = kept.get(kind);
  if (found?.version === version) return found.value as T;
  const value = derive();
  kept.set(kind, { version, value });
  return value;
}
