/**
 * Actions: what one transaction writes is one action, the unit a person undoes. Its id is the seq
 * of its first journal row; every journal row and link the transaction writes carries it, so a
 * supersession (two memories, three links, a settled contradiction) undoes as one.
 *
 * The id is taken lazily, at the first journal row or link, as the journal's next seq: inside the
 * store's IMMEDIATE transaction no other connection can write a journal row first, so the first
 * row written gets exactly that seq. (A link made before the action's first journal row, as a
 * creation makes its lineage links, takes the same id.)
 */
import type { Db } from './connection';
import { stmt } from './statements';

interface ActionState {
  id: number | null;
}

const open = new WeakMap<Db, ActionState>();

/** Runs `work` as one action unless one is already open on this connection (nested work joins it). */
export function asAction<T>(db: Db, work: () => T): T {
  if (open.has(db)) return work();
  open.set(db, { id: null });
  try {
    return work();
  } finally {
    open.delete(db);
  }
}

function nextJournalSeq(db: Db): number {
  const row = stmt(db, `SELECT seq FROM sqlite_sequence WHERE name = 'journal'`).get() as { seq: number } | undefined;
  return (row?.seq ?? 0) + 1;
}

/**
 * The open action's id (taken now if this is its first write). Outside an action (a bare write in
 * a test or a script) a journal row is an action of its own; a link then belongs to none.
 */
export function currentActionId(db: Db, forJournalRow: boolean): number | null {
  const state = open.get(db);
  if (state === undefined) return forJournalRow ? nextJournalSeq(db) : null;
  state.id ??= nextJournalSeq(db);
  return state.id;
}
