/**
 * Reverting a run: its changeset is undone with new journal entries (the journal only grows).
 * Per memory the run touched: a memory the run created is archived; any other gets back the
 * values its fields had before the run's first change (from the journal's `before`), and the
 * evidence links the run added are voided; what the run's scan recorded is resolved as reverted
 * and its pending proposals are withdrawn. An interrupted run is reverted the same way (a run left
 * `running` by a process that is gone is marked interrupted first, run-lease.ts); one still
 * running is refused. A memory changed after the run by anyone else is a conflict: it is reported
 * and left alone. The run's episodes stay handled (the checkpoint does not move back):
 * re-consolidating them would propose the same again.
 *
 * A revert is one action like any other (mind/undo.ts takes it back): the run's reverted mark, the
 * contradictions and proposals are journaled as records with their state before and after, and
 * each memory's row names the links it voided, so an undo revives them. Its first row is the run's
 * mark (op `revert_run`), so the action's id is that row's seq. Undone, the run stands unreverted
 * and may be reverted again; the rows of that earlier revert and its undo do not count as changes
 * made since the run (consolidation-runs-repo.ts, firstChangeOutsideRun).
 */
import { MindError } from '../../shared/errors';
import type { LinkKind } from '../../shared/model';
import { currentActionId } from '../store/actions';
import { readContradictionState } from '../store/contradictions-repo';
import { findRun, firstChangeOutsideRun, journalOfRun } from '../store/consolidation-runs-repo';
import { appendJournal, type JournalEntry } from '../store/journal-repo';
import { linksFrom, voidLinks } from '../store/links-repo';
import { findMemoryById } from '../store/memories-repo';
import type { MemoryRecord } from '../store/memory-record';
import { findProposal } from '../store/proposals-repo';
import { applyChange, loadMemory, priorValues } from '../mind/change';
import type { Mind } from '../mind/mind';
import { changeRecord } from '../mind/records';
import { liveRun } from '../mind/run-lease';
import { checkActor } from '../mind/write-options';
import { withdrawProposal } from './proposals';
import type { RevertConflict, RevertResult } from './run-types';

const CREATION_OPS = new Set(['create', 'promote', 'supersede']);

/** Where a run's change names the links it added (one episode id or a list), by kind. */
const ADDED_LINKS: readonly (readonly [key: string, kind: LinkKind])[] = [
  ['evidenceLinked', 'evidence'],
  ['counterEvidenceLinked', 'counter_evidence'],
];

export function revertRun(mind: Mind, runId: string, options: { actor: string }): RevertResult {
  checkActor(options.actor);
  return mind.store.transaction(() => {
    const db = mind.store.db;
    const run = findRun(db, runId);
    if (!run) throw new MindError('not_found', `No consolidation run with id ${runId}.`, { runId });
    if (run.revertedAt !== null) throw new MindError('invalid_state', `Run ${runId} was already reverted.`, { runId });
    if (run.status === 'running' && liveRun(mind)?.id === runId) {
      throw new MindError('invalid_state', `Run ${runId} is still running (process ${run.ownerPid ?? '?'} on ${run.ownerHost ?? '?'}); cancel it first.`, {
        runId,
      });
    }
    const reason = `revert of consolidation run ${runId}`;
    changeRecord(mind, {
      kind: 'run',
      id: runId,
      before: { revertedAt: null, revertAction: null },
      // This row is the action's first, so the action's id is taken now (store/actions.ts).
      after: { revertedAt: mind.now(), revertAction: currentActionId(db, false) },
      op: 'revert_run',
      actor: options.actor,
      memoryId: null,
      reason,
    });
    const byMemory = new Map<string, JournalEntry[]>();
    for (const row of journalOfRun(db, runId)) {
      if (row.memoryId === null) continue;
      const rows = byMemory.get(row.memoryId);
      if (rows) rows.push(row);
      else byMemory.set(row.memoryId, [row]);
    }
    const conflicts: RevertConflict[] = [];
    const memoryIds: string[] = [];
    for (const [memoryId, rows] of byMemory) {
      const later = firstChangeOutsideRun(db, memoryId, (rows[0] as JournalEntry).seq, runId);
      if (later) {
        conflicts.push({ memoryId, laterChange: { seq: later.seq, actor: later.actor, op: later.op } });
        continue;
      }
      revertMemory(mind, loadMemory(mind, memoryId), rows, runId, { actor: options.actor, reason });
      memoryIds.push(memoryId);
    }
    return { runId, reverted: memoryIds.length, conflicts, memoryIds, action: currentActionId(db, false) as number };
  });
}

function revertMemory(mind: Mind, current: MemoryRecord, rows: readonly JournalEntry[], runId: string, options: { actor: string; reason: string }): void {
  const db = mind.store.db;
  const created = rows.some((row) => row.before === null && CREATION_OPS.has(row.op));
  for (const row of rows) {
    if (row.op === 'contradiction_detected' && typeof row.after?.contradiction === 'string') {
      settleContradiction(mind, row.after.contradiction, row.memoryId, options);
    }
    if (row.op.startsWith('propose_') && typeof row.after?.proposal === 'string') {
      const proposal = findProposal(db, row.after.proposal);
      if (proposal?.status === 'pending') withdrawProposal(mind, proposal, options.actor);
    }
  }
  // The lineage of a memory the run created stays with it (archived, it still came from somewhere).
  const voidedLinks = created ? [] : voidAddedLinks(mind, current, rows);
  const patch = created ? (current.status === 'archived' ? {} : { status: 'archived' as const }) : priorValues(current, rows);
  const note = { reverts: rows.map((row) => row.seq), revertedRun: runId, voidedLinks };
  if (Object.keys(patch).length > 0) {
    applyChange(mind, findMemoryById(db, current.id) as MemoryRecord, patch, { op: 'revert', options, note });
  } else {
    appendJournal(db, { at: mind.now(), actor: options.actor, op: 'revert', memoryId: current.id, after: note, reason: options.reason });
  }
}

/** A contradiction the run's scan recorded, resolved as reverted unless someone resolved it already. */
function settleContradiction(mind: Mind, id: string, memoryId: string | null, options: { actor: string; reason: string }): void {
  const state = readContradictionState(mind.store.db, id);
  if (state === null || state.status === 'resolved') return;
  changeRecord(mind, {
    kind: 'contradiction',
    id,
    before: { ...state },
    after: { ...state, status: 'resolved', resolution: 'reverted', resolvedAt: mind.now(), resolvedBy: options.actor },
    op: 'contradiction_resolved',
    actor: options.actor,
    memoryId,
    reason: options.reason,
  });
}

/**
 * Voids the evidence and counter-evidence links the run's changes added (journaled in their
 * `after`) that still stand; returns their seqs for the journal, which is how an undo revives them.
 */
function voidAddedLinks(mind: Mind, current: MemoryRecord, rows: readonly JournalEntry[]): number[] {
  const db = mind.store.db;
  const added = new Set<string>();
  for (const row of rows) {
    for (const [key, kind] of ADDED_LINKS) {
      const linked = row.after?.[key];
      for (const episodeId of Array.isArray(linked) ? linked : [linked]) {
        const episode = typeof episodeId === 'string' ? findMemoryById(db, episodeId) : null;
        if (episode) added.add(`${kind}:${episode.seq}`);
      }
    }
  }
  if (added.size === 0) return [];
  const standing = linksFrom(db, current.seq, ['evidence', 'counter_evidence']).filter((link) => added.has(`${link.kind}:${link.toSeq}`));
  return voidLinks(
    db,
    standing.map((link) => link.seq),
    currentActionId(db, false) as number,
    mind.now(),
  );
}
