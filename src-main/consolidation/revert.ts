/**
 * Reverting a run: its changeset is undone with new journal entries (the journal only grows).
 * Per memory the run touched: a memory the run created is archived; any other gets back the
 * values its fields had before the run's first change (from the journal's `before`), and the
 * evidence links the run added are taken back; what the run's scan recorded is resolved as
 * reverted and its pending proposals are withdrawn. An interrupted run is reverted the same way (a
 * run left `running` by a process that is gone is marked interrupted first, run-lease.ts); one
 * still running is refused. A memory changed after the run by anyone else
 * is a conflict: it is reported and left alone. The run's episodes stay handled (the checkpoint
 * does not move back): re-consolidating them would propose the same again.
 */
import { MindError } from '../../shared/errors';
import { resolveContradiction } from '../store/contradictions-repo';
import { findRun, firstChangeOutsideRun, journalOfRun, markRunReverted } from '../store/consolidation-runs-repo';
import { appendJournal, type JournalEntry } from '../store/journal-repo';
import { deleteLink } from '../store/links-repo';
import { findMemoryById } from '../store/memories-repo';
import type { MemoryRecord } from '../store/memory-record';
import { findProposal } from '../store/proposals-repo';
import { applyChange, loadMemory, priorValues } from '../mind/change';
import type { Mind } from '../mind/mind';
import { liveRun } from '../mind/run-lease';
import { checkActor } from '../mind/write-options';
import { withdrawProposal } from './proposals';
import type { RevertConflict, RevertResult } from './run-types';

const CREATION_OPS = new Set(['create', 'promote', 'supersede']);

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
      revertMemory(mind, loadMemory(mind, memoryId), rows, runId, options.actor);
      memoryIds.push(memoryId);
    }
    markRunReverted(db, runId, mind.now());
    return { runId, reverted: memoryIds.length, conflicts, memoryIds };
  });
}

function revertMemory(mind: Mind, current: MemoryRecord, rows: readonly JournalEntry[], runId: string, actor: string): void {
  const db = mind.store.db;
  const created = rows.some((row) => row.before === null && CREATION_OPS.has(row.op));
  for (const row of rows) {
    if (!created) takeBackLinks(mind, current, row);
    if (row.op === 'contradiction_detected' && typeof row.after?.contradiction === 'string') {
      resolveContradiction(db, row.after.contradiction, 'reverted', { at: mind.now(), by: actor });
    }
    if (row.op.startsWith('propose_') && typeof row.after?.proposal === 'string') {
      const proposal = findProposal(db, row.after.proposal);
      if (proposal?.status === 'pending') withdrawProposal(mind, proposal, actor);
    }
  }
  const patch = created ? (current.status === 'archived' ? {} : { status: 'archived' as const }) : priorValues(current, rows);
  const note = { reverts: rows.map((row) => row.seq), revertedRun: runId };
  const options = { actor, reason: `revert of consolidation run ${runId}` };
  if (Object.keys(patch).length > 0) {
    applyChange(mind, findMemoryById(db, current.id) as MemoryRecord, patch, { op: 'revert', options, note });
  } else {
    appendJournal(db, { at: mind.now(), actor, op: 'revert', memoryId: current.id, after: note, reason: options.reason });
  }
}

/** Evidence and counter-evidence links the run's change added (journaled in its `after`: one id or a list). */
function takeBackLinks(mind: Mind, current: MemoryRecord, row: JournalEntry): void {
  const links = [
    ['evidenceLinked', 'evidence'],
    ['counterEvidenceLinked', 'counter_evidence'],
  ] as const;
  for (const [key, kind] of links) {
    const linked = row.after?.[key];
    for (const episodeId of Array.isArray(linked) ? linked : [linked]) {
      if (typeof episodeId !== 'string') continue;
      const episode = findMemoryById(mind.store.db, episodeId);
      if (episode) deleteLink(mind.store.db, { fromSeq: current.seq, toSeq: episode.seq, kind });
    }
  }
}
