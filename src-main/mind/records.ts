/**
 * Records that are not memories but change with a person's decisions: contradictions, rejections,
 * proposals, whether a consolidation run stands reverted, a code reference's anchor, and a named code
 * repository. Each change is journaled with the
 * record's state before and after, under the record's key (`{contradiction: id, status, …}`), so
 * undo can put any of them back the way it put memories back, and an undo of an undo (a redo)
 * reads the same way.
 */
import { MindError } from '../../shared/errors';
import {
  type ContradictionState,
  readContradictionState,
  writeContradictionState,
} from '../store/contradictions-repo';
import { type CodeRepoState, findCodeRepo, readCodeRepoState, readRefAnchor, type RefAnchor, writeCodeRepoState, writeRefAnchor } from '../store/code-refs-repo';
import { findRun, markRunReverted } from '../store/consolidation-runs-repo';
import { appendJournal } from '../store/journal-repo';
import { type ProposalState, readProposalState, writeProposalState } from '../store/proposals-repo';
import { findRejectionBySeq, setRejectionRevoked } from '../store/rejections-repo';
import type { Db } from '../store/connection';
import type { Mind } from './mind';

export type RecordKind = 'contradiction' | 'rejection' | 'proposal' | 'run' | 'codeRef' | 'codeRepo';
export type RecordState = Record<string, unknown>;

interface RecordType {
  /** The state fields, as journaled. */
  fields: readonly string[];
  read(db: Db, id: string | number): RecordState | null;
  write(db: Db, id: string | number, state: RecordState): void;
  /** The state that takes back the record's creation (its rows stay: nothing is deleted). */
  withdrawn(at: number): RecordState;
  /** The state a record created before its creation rows carried one is in (older journals). */
  created: RecordState;
}

export const RECORD_TYPES: Readonly<Record<RecordKind, RecordType>> = {
  contradiction: {
    fields: ['status', 'resolution', 'note', 'resolvedAt', 'resolvedBy'],
    read: (db, id) => readContradictionState(db, String(id)) as RecordState | null,
    write: (db, id, state) => writeContradictionState(db, String(id), state as unknown as ContradictionState),
    withdrawn: (at) => ({ status: 'resolved', resolution: 'withdrawn', resolvedAt: at, resolvedBy: null }),
    created: { status: 'open' },
  },
  rejection: {
    fields: ['revokedAt'],
    read: (db, id) => {
      const row = findRejectionBySeq(db, Number(id));
      return row ? { revokedAt: row.revokedAt } : null;
    },
    write: (db, id, state) => setRejectionRevoked(db, Number(id), (state.revokedAt as number | null) ?? null),
    withdrawn: (at) => ({ revokedAt: at }),
    created: { revokedAt: null },
  },
  proposal: {
    fields: ['status', 'decidedAt', 'decidedBy', 'decisionNote'],
    read: (db, id) => readProposalState(db, String(id)) as RecordState | null,
    write: (db, id, state) => writeProposalState(db, String(id), state as unknown as ProposalState),
    withdrawn: (at) => ({ status: 'withdrawn', decidedAt: at, decidedBy: null, decisionNote: 'undone' }),
    created: { status: 'pending' },
  },
  run: {
    fields: ['revertedAt', 'revertAction'],
    read: (db, id) => {
      const run = findRun(db, String(id));
      return run ? { revertedAt: run.revertedAt, revertAction: run.revertAction } : null;
    },
    // A revert journaled before the action was part of the state (`revertAction` absent) restores as null.
    write: (db, id, state) =>
      markRunReverted(db, String(id), { at: (state.revertedAt as number | null) ?? null, action: (state.revertAction as number | null | undefined) ?? null }),
    // No action a person can undo creates a run (its own rows are reverted, not undone): a run not
    // reverted is the only state to fall back on.
    withdrawn: () => ({ revertedAt: null, revertAction: null }),
    created: { revertedAt: null, revertAction: null },
  },
  // A code or file reference's anchor (code-refs/): what a check found, what a re-verify re-anchored.
  codeRef: {
    fields: ['ref', 'repoSeq', 'verifiedCommit', 'linesHash', 'state', 'currentPath', 'stateReason'],
    read: (db, id) => readRefAnchor(db, Number(id)) as RecordState | null,
    write: (db, id, state) => {
      const current = readRefAnchor(db, Number(id));
      if (current) writeRefAnchor(db, Number(id), { ...current, ...(state as Partial<RefAnchor>) });
    },
    // No action creates an anchor without its reference (an undo of that removes the reference).
    withdrawn: () => ({}),
    created: {},
  },
  // A repository the mind names (code-refs/repos.ts): adding and removing one are undone like any action.
  codeRepo: {
    fields: ['present', 'path', 'addedAt'],
    read: (db, id) => readCodeRepoState(db, Number(id)) as unknown as RecordState,
    write: (db, id, state) => {
      const repo = state as unknown as CodeRepoState;
      const holder = repo.present && repo.path !== null ? findCodeRepo(db, repo.path) : null;
      if (holder && holder.seq !== Number(id)) {
        throw new MindError('invalid_state', `${repo.path} is one of this mind's repositories again (added since): remove it first.`, { path: repo.path });
      }
      writeCodeRepoState(db, Number(id), repo);
    },
    withdrawn: () => ({ present: false, path: null, addedAt: null }),
    created: { present: true },
  },
};

export const RECORD_KINDS = Object.keys(RECORD_TYPES) as RecordKind[];

/** The state fields of a record, read off a journal `before`/`after` (others ignored). */
export function stateOf(kind: RecordKind, bag: Record<string, unknown>): RecordState {
  const state: RecordState = {};
  for (const field of RECORD_TYPES[kind].fields) if (field in bag) state[field] = bag[field];
  return state;
}

export interface RecordChange {
  kind: RecordKind;
  id: string | number;
  /** The whole state before, or null when the change created the record. */
  before: RecordState | null;
  /** The whole state after. */
  after: RecordState;
  op: string;
  actor: string;
  /** The memory whose history shows the change. */
  memoryId: string | null;
  runId?: string | null | undefined;
  reason?: string | null | undefined;
  /** More facts for the journal's `after`. */
  note?: Record<string, unknown>;
}

/** Writes the record's new state and journals it; inside the caller's transaction. */
export function changeRecord(mind: Mind, change: RecordChange): void {
  const db = mind.store.db;
  RECORD_TYPES[change.kind].write(db, change.id, change.after);
  journalRecord(mind, change);
}

/** Journals a record change already written (a creation the repository made). */
export function journalRecord(mind: Mind, change: RecordChange): void {
  const key = { [change.kind]: change.id };
  appendJournal(mind.store.db, {
    at: mind.now(),
    actor: change.actor,
    op: change.op,
    memoryId: change.memoryId,
    runId: change.runId ?? null,
    before: change.before === null ? null : { ...key, ...change.before },
    after: { ...key, ...change.after, ...change.note },
    reason: change.reason ?? null,
  });
}
