/**
 * Undo: an action (every row one transaction journaled, store/actions.ts) is taken back by a new
 * action that restores the state before it; the journal is never rewritten.
 *
 * What is restored, for each thing the action changed:
 * - a memory it changed gets back each field's value from before (the journal's `before`);
 * - a memory it created is archived (the row and its history stay);
 * - a link it made is voided (the row stays, stamped; lineage and counts skip it);
 * - a link it voided (journaled as `voidedLinks`) stands again;
 * - a contradiction, rejection or proposal gets back its state from before; one it created is
 *   withdrawn (a contradiction resolved as `withdrawn`, a rejection revoked, a proposal withdrawn);
 * - a consolidation run it reverted (consolidation/revert.ts: the run's mark is a record too)
 *   stands unreverted again, so it may be reverted again;
 * - an evidence reference it attached is removed (and put back by a redo);
 * - settings it changed get their values back.
 * An undo journals exactly the same way, so undoing an undo is the redo.
 *
 * Nothing is overwritten: when anything the action touched changed since (an agent edited the
 * memory, another window resolved the contradiction), the undo is refused with the reason and
 * changes nothing. Forgetting cannot be undone, and a consolidation run's own changes are taken
 * back by reverting the run; a revert made before reverts were journaled as records (it deleted
 * the links it took back) cannot be undone either.
 */
import { MindError } from '../../shared/errors';
import { mergeSettings, SettingsPatchSchema } from '../../shared/settings';
import { currentActionId } from '../store/actions';
import { deleteEvidenceRef, findEvidenceRef, insertEvidenceRef } from '../store/evidence-refs-repo';
import {
  appendJournal,
  findJournalEntry,
  firstChangeAfter,
  type JournalEntry,
  journalOfAction,
  recentJournalOf,
} from '../store/journal-repo';
import { countLinksOfAction, reviveLinks, voidLinks, voidLinksOfAction } from '../store/links-repo';
import { findMemoryById, findMemoryBySeq } from '../store/memories-repo';
import { COLUMN_OF, type MemoryPatch } from '../store/memory-record';
import type { EvidenceRefKind } from '../../shared/model';
import { applyChange, describesMemory, priorValues } from './change';
import type { Mind } from './mind';
import { changeRecord, RECORD_KINDS, RECORD_TYPES, type RecordKind, type RecordState, stateOf } from './records';
import { readSettings, storeSettings } from './settings';
import { checkActor } from './write-options';

/** How far back `undo` without an entry looks for the actor's last action, in journal rows. */
export const LAST_ACTION_WINDOW = 5_000;

const CREATION_OPS = new Set(['create', 'promote', 'supersede']);

export interface UndoResult {
  /** The action undone (the seq of its first journal row). */
  undone: number;
  /** This undo's own action: undoing it is the redo. */
  action: number;
  /** The action undone was itself an undo: this put back what that one took back. */
  redo: boolean;
  /** What was undone, in words ("approve of bl_…"). */
  summary: string;
  /** Memories whose state this restored. */
  memories: string[];
}

export interface UndoConflict {
  /** The memory or record that moved on. */
  target: string;
  why: string;
  laterEntry: number | null;
}

/** The action a journal entry belongs to. */
export function actionOfEntry(mind: Mind, entry: number): number {
  if (!Number.isInteger(entry) || entry < 1) throw new MindError('invalid_input', 'A journal entry is a whole number (its seq).');
  const row = findJournalEntry(mind.store.db, entry);
  if (!row) throw new MindError('not_found', `There is no journal entry ${entry}.`, { entry });
  return row.actionId;
}

const undoneTarget = (rows: readonly JournalEntry[]): number | null => {
  for (const row of rows) if (typeof row.after?.undoes === 'number') return row.after.undoes;
  return null;
};

/**
 * The actor's last action still in effect: newest first, an undo marks what it undid as undone
 * (unless it was itself undone since: then that was redone), and is not a candidate itself.
 */
export function lastUndoable(mind: Mind, actor: string): number | null {
  const groups = new Map<number, JournalEntry[]>();
  for (const row of recentJournalOf(mind.store.db, actor, LAST_ACTION_WINDOW)) {
    const group = groups.get(row.actionId);
    if (group) group.push(row);
    else groups.set(row.actionId, [row]);
  }
  const undone = new Set<number>();
  for (const [action, rows] of groups) {
    const target = undoneTarget(rows);
    if (target !== null) {
      if (!undone.has(action)) undone.add(target);
      continue;
    }
    if (!undone.has(action)) return action;
  }
  return null;
}

export function undoAction(mind: Mind, entry: number | null, options: { actor: string }): UndoResult {
  checkActor(options.actor);
  return mind.store.transaction(() => {
    let actionId: number;
    if (entry === null) {
      const last = lastUndoable(mind, options.actor);
      if (last === null) throw new MindError('not_found', `Nothing to undo: ${options.actor} has no recent action in effect.`);
      actionId = last;
    } else {
      actionId = actionOfEntry(mind, entry);
    }
    const rows = journalOfAction(mind.store.db, actionId);
    const plan = planUndo(mind, actionId, rows);
    const memories = applyPlan(mind, actionId, plan, options.actor);
    // A redo is told by what it brings back, not by the undo it takes back.
    const redid = undoneTarget(rows);
    return {
      undone: actionId,
      action: currentActionId(mind.store.db, false) as number,
      redo: redid !== null,
      summary: describeAction(redid === null ? rows : journalOfAction(mind.store.db, redid)),
      memories,
    };
  });
}

interface RecordRestore {
  kind: RecordKind;
  id: string | number;
  memoryId: string | null;
  /** State before the action; null when the action created the record. */
  prior: RecordState | null;
  /** State the action left. */
  final: RecordState;
}

interface RefToAdd {
  memoryId: string;
  kind: EvidenceRefKind;
  ref: string;
  note: string | null;
}

interface UndoPlan {
  patches: { id: string; version: number; patch: MemoryPatch }[];
  records: RecordRestore[];
  linksToRevive: number[];
  linksToVoid: number[];
  refsToRemove: number[];
  refsToAdd: RefToAdd[];
  settingsBefore: Record<string, unknown> | null;
}

/** Whether a row changed its memory (rows from before undo carry no version: judged by their fields). */
function changesMemory(row: JournalEntry): boolean {
  if (!describesMemory(row)) return false;
  if (row.memoryVersion !== null) return true;
  return row.before === null ? CREATION_OPS.has(row.op) : Object.keys(row.before).some((key) => key in COLUMN_OF);
}

const numbers = (value: unknown): number[] => (Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : []);

function planUndo(mind: Mind, actionId: number, rows: readonly JournalEntry[]): UndoPlan {
  if (rows.length === 0) throw new MindError('not_found', `There is no action ${actionId} in the journal.`, { action: actionId });
  const first = rows[0] as JournalEntry;
  if (rows.some((row) => row.op === 'forget')) {
    throw new MindError('invalid_state', `Entry ${first.seq} forgot a memory; forgetting cannot be undone.`, { action: actionId });
  }
  const scheduled = rows.find((row) => row.actor.startsWith('scheduler:'));
  if (scheduled) {
    throw new MindError(
      'invalid_state',
      `Entry ${first.seq} is part of consolidation run ${scheduled.runId ?? scheduled.actor.slice('scheduler:'.length)}: revert the run instead.`,
      { action: actionId, runId: scheduled.runId },
    );
  }
  // A revert made before reverts could be undone names its run on its memories' rows but journaled
  // no mark on the run (`revert_run`): undone, its memories would come back while the run stayed
  // reverted, and without the links it deleted.
  const revert = rows.find((row) => row.op === 'revert' && typeof row.after?.revertedRun === 'string');
  if (revert && !rows.some((row) => row.op === 'revert_run')) {
    throw new MindError(
      'invalid_state',
      `Entry ${first.seq} reverted consolidation run ${String(revert.after?.revertedRun)} before a revert could be undone; it cannot be undone.`,
      { action: actionId },
    );
  }
  const plan: UndoPlan = { patches: [], records: [], linksToRevive: [], linksToVoid: [], refsToRemove: [], refsToAdd: [], settingsBefore: null };
  const byMemory = new Map<string, JournalEntry[]>();
  const records = new Map<string, RecordRestore>();
  for (const row of rows) {
    if (changesMemory(row)) {
      const list = byMemory.get(row.memoryId as string);
      if (list) list.push(row);
      else byMemory.set(row.memoryId as string, [row]);
    }
    collectRecords(row, records);
    collectBookkeeping(row, plan);
  }
  const conflicts: UndoConflict[] = [];
  for (const [id, memoryRows] of byMemory) {
    const current = findMemoryById(mind.store.db, id);
    const last = memoryRows[memoryRows.length - 1] as JournalEntry;
    const versions = memoryRows.map((r) => r.memoryVersion).filter((v): v is number => v !== null);
    const later = firstChangeAfter(mind.store.db, id, last.seq);
    const movedOn = current === null || (versions.length > 0 ? current.version !== Math.max(...versions) : later !== null);
    if (movedOn || current === null) {
      conflicts.push({ target: id, why: laterChangeWords(id, later, actionId), laterEntry: later?.seq ?? null });
      continue;
    }
    const created = memoryRows.some((r) => r.before === null && (r.memoryVersion === 1 || CREATION_OPS.has(r.op)));
    const patch: MemoryPatch = created ? (current.status === 'archived' ? {} : { status: 'archived' }) : priorValues(current, memoryRows);
    if (Object.keys(patch).length > 0) plan.patches.push({ id, version: current.version, patch });
  }
  for (const record of records.values()) {
    const current = RECORD_TYPES[record.kind].read(mind.store.db, record.id);
    const expected = record.prior === null && Object.keys(record.final).length === 0 ? RECORD_TYPES[record.kind].created : record.final;
    const moved = current === null || Object.entries(expected).some(([field, value]) => JSON.stringify(current[field]) !== JSON.stringify(value));
    if (moved) {
      conflicts.push({ target: `${record.kind} ${record.id}`, why: `${record.kind} ${record.id} changed after this action.`, laterEntry: null });
      continue;
    }
    plan.records.push(record);
  }
  if (conflicts.length > 0) {
    throw new MindError(
      'version_conflict',
      `Cannot undo entry ${first.seq} (${describeAction(rows)}): ${conflicts.map((c) => c.why).join(' ')} Nothing was changed.`,
      { action: actionId, conflicts },
    );
  }
  const steps = plan.patches.length + plan.records.length + plan.linksToRevive.length + plan.linksToVoid.length + plan.refsToRemove.length + plan.refsToAdd.length;
  if (steps === 0 && plan.settingsBefore === null && !hasLinks(mind, actionId)) throw new MindError('invalid_state', `Entry ${first.seq} (${first.op}) changed nothing that an undo can take back.`, { action: actionId });
  return plan;
}

const hasLinks = (mind: Mind, actionId: number) => countLinksOfAction(mind.store.db, actionId) > 0;

function collectRecords(row: JournalEntry, records: Map<string, RecordRestore>): void {
  for (const kind of RECORD_KINDS) {
    const id = row.after?.[kind];
    if (typeof id !== 'string' && typeof id !== 'number') continue;
    const key = `${kind}:${id}`;
    const known = records.get(key);
    const final = stateOf(kind, row.after ?? {});
    if (known) {
      known.final = { ...known.final, ...final };
      continue;
    }
    let prior: RecordState | null = null;
    if (row.before !== null && kind in row.before) prior = stateOf(kind, row.before);
    // A decision journaled before decisions carried their prior state was taken on a pending proposal.
    else if (kind === 'proposal' && row.op.startsWith('proposal_')) prior = { status: 'pending', decidedAt: null, decidedBy: null, decisionNote: null };
    records.set(key, { kind, id, memoryId: row.memoryId, prior, final });
  }
}

function collectBookkeeping(row: JournalEntry, plan: UndoPlan): void {
  const after = row.after ?? {};
  plan.linksToRevive.push(...numbers(after.voidedLinks));
  plan.linksToVoid.push(...numbers(after.revivedLinks));
  plan.refsToRemove.push(...numbers(after.addedRefs));
  if (row.op === 'add_evidence_ref' && typeof after.evidenceRef === 'number') plan.refsToRemove.push(after.evidenceRef);
  if (Array.isArray(after.removedRefs)) plan.refsToAdd.push(...(after.removedRefs as RefToAdd[]));
  const removed = row.evidence as { kind?: EvidenceRefKind; ref?: string; note?: string | null } | null;
  if (row.op === 'remove_evidence_ref' && row.memoryId !== null && removed?.kind && removed.ref) {
    plan.refsToAdd.push({ memoryId: row.memoryId, kind: removed.kind, ref: removed.ref, note: removed.note ?? null });
  }
  if (row.op === 'settings' && row.before) plan.settingsBefore = { ...row.before, ...(plan.settingsBefore ?? {}) };
}

function applyPlan(mind: Mind, actionId: number, plan: UndoPlan, actor: string): string[] {
  const db = mind.store.db;
  const at = mind.now();
  const undoes = { undoes: actionId };
  const reason = `undo of entry ${actionId}`;
  const touched = new Set<string>();
  for (const record of plan.records) {
    const type = RECORD_TYPES[record.kind];
    const current = type.read(db, record.id) as RecordState;
    const restored = { ...current, ...(record.prior ?? type.withdrawn(at)) };
    changeRecord(mind, { kind: record.kind, id: record.id, before: current, after: restored, op: 'undo', actor, memoryId: record.memoryId, reason, note: undoes });
    if (record.memoryId !== null) touched.add(record.memoryId);
  }
  const removedRefs: RefToAdd[] = [];
  for (const refSeq of plan.refsToRemove) {
    const ref = findEvidenceRef(db, refSeq);
    if (!ref) continue;
    // Named by the memory's id, so a redo finds where to put it back.
    const owner = findMemoryBySeq(db, ref.memorySeq);
    deleteEvidenceRef(db, ref.memorySeq, refSeq);
    if (owner) removedRefs.push({ memoryId: owner.id, kind: ref.kind, ref: ref.ref, note: ref.note });
  }
  const addedRefs: number[] = [];
  for (const ref of plan.refsToAdd) {
    const owner = findMemoryById(db, ref.memoryId);
    const seq = owner ? insertEvidenceRef(db, owner.seq, ref, at) : null;
    if (seq !== null) addedRefs.push(seq);
  }
  for (const { id, version, patch } of plan.patches) {
    applyChange(mind, findMemoryById(db, id) as NonNullable<ReturnType<typeof findMemoryById>>, patch, {
      op: 'undo',
      options: { actor, reason, expectedVersion: version },
      note: undoes,
    });
    touched.add(id);
  }
  if (plan.settingsBefore !== null) restoreSettings(mind, plan.settingsBefore, actor, undoes);
  const undoAction = currentActionId(db, false) ?? actionId;
  const voidedLinks = [...voidLinksOfAction(db, actionId, undoAction, at), ...voidLinks(db, plan.linksToVoid, undoAction, at)];
  const revivedLinks = reviveLinks(db, plan.linksToRevive);
  const journaled = plan.records.length + plan.patches.length > 0 || plan.settingsBefore !== null;
  // Every undo leaves at least one row naming what it undid (that is how the last action is found).
  if (voidedLinks.length + revivedLinks.length + removedRefs.length + addedRefs.length > 0 || !journaled) {
    appendJournal(db, {
      at,
      actor,
      op: 'undo',
      memoryId: null,
      after: { ...undoes, voidedLinks, revivedLinks, removedRefs, addedRefs },
      reason,
    });
  }
  return [...touched];
}

function restoreSettings(mind: Mind, before: Record<string, unknown>, actor: string, undoes: Record<string, unknown>): void {
  const current = readSettings(mind);
  const patch = SettingsPatchSchema.safeParse(before);
  if (!patch.success) throw new MindError('invalid_state', 'The settings this action changed cannot be read back; change them in Settings.');
  storeSettings(mind, current, mergeSettings(current, patch.data), actor, undoes);
}

function laterChangeWords(id: string, later: JournalEntry | null, actionId: number): string {
  if (later === null) return `${id} changed after this action.`;
  if (later.after?.undoes === actionId) return `${id}: this action was already undone (entry ${later.seq}); undo that entry to redo it.`;
  return `${id} changed after this action (${later.op} by ${later.actor}, entry ${later.seq}); undoing would overwrite that.`;
}

/** "approve of bl_1", "supersede, superseded of bl_2, bl_1". */
function describeAction(rows: readonly JournalEntry[]): string {
  // Op names read as words in the toast and the CLI ("contradiction resolved", not "contradiction_resolved").
  const ops = [...new Set(rows.map((r) => r.op.replaceAll('_', ' ')))];
  const ids = [...new Set(rows.map((r) => r.memoryId).filter((id): id is string => id !== null))];
  // A revert's own rows name its run once and each memory it put back: the run says what it was.
  const revertedRun = rows.find((r) => r.op === 'revert_run')?.after?.run;
  if (typeof revertedRun === 'string') return `revert of ${revertedRun} (${ids.length} ${ids.length === 1 ? 'memory' : 'memories'})`;
  const named = ids.length > 3 ? `${ids.slice(0, 3).join(', ')} and ${ids.length - 3} more` : ids.join(', ');
  return named === '' ? ops.join(', ') : `${ops.join(', ')} of ${named}`;
}

/** Runs `work` as one action and names it: what an Undo button for it takes back. */
export function runAction<T>(mind: Mind, work: () => T): { result: T; action: number } {
  return mind.store.transaction(() => {
    const result = work();
    return { result, action: currentActionId(mind.store.db, false) as number };
  });
}
