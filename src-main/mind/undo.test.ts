/** Undo and redo: every editing action is taken back by a new action restoring the state before it. */
import { afterEach, describe, expect, it } from 'vitest';
import { countRows } from '../store/store-test-support';
import { findContradiction } from '../store/contradictions-repo';
import { findRejection } from '../store/rejections-repo';
import { journalOfAction } from '../store/journal-repo';
import { linksFrom, linksTo } from '../store/links-repo';
import { findMemoryById } from '../store/memories-repo';
import { applyChange } from './change';
import { approveMemory, editAndApprove, mergeInto, rejectMemory, rejectionFingerprint } from './review';
import { flagContradiction, reopenContradiction, resolveContradictionCase } from './contradiction-workbench';
import { editMemory } from './edit';
import { forgetMemory } from './lifecycle';
import { getLineage } from './lineage';
import { getMemoryView } from './memory-view';
import type { Mind } from './mind';
import { promoteMemory } from './promote';
import { supersedeAndSettle } from './supersede';
import { createMemory } from './create';
import { getRejections, revokeRejection } from './rejections';
import { DAY_MS, USER, add, expectMindError, expectRefusedWithoutWrites, freshMind, journalRows, snapshot } from './test-support';
import { lastUndoable, undoAction } from './undo';
import { verifyWithEvidence } from './verify';

let mind: Mind;
afterEach(() => mind?.close());

const AGENT = { actor: 'agent:claude' } as const;

function fresh() {
  const t = freshMind();
  mind = t.mind;
  return t;
}

/** A pending belief inferred from `n` episodes, as consolidation leaves one. */
function pendingBelief(content: string, n = 2) {
  const episodes = Array.from({ length: n }, (_, i) => add(mind, { type: 'episode', content: `${content}: episode ${i}` }));
  const belief = add(mind, { type: 'belief', content, sourceType: 'inference', evidence: episodes.map((e) => e.id) });
  return { belief, episodes };
}

/** A memory's state, less what every write changes (its time and version). */
const state = (id: string) =>
  Object.fromEntries(Object.entries(findMemoryById(mind.store.db, id) ?? {}).filter(([key]) => key !== 'updatedAt' && key !== 'version'));

describe('undo', () => {
  it('takes back an approval with a new journal entry, and undoing the undo redoes it', () => {
    fresh();
    const { belief } = pendingBelief('Code review catches races');
    const before = state(belief.id);
    approveMemory(mind, belief.id, USER);
    const journalBefore = snapshot(mind).journal;
    const undone = undoAction(mind, null, USER);
    expect(state(belief.id)).toEqual(before);
    expect(findMemoryById(mind.store.db, belief.id)?.tier).toBe('observed');
    expect(findMemoryById(mind.store.db, belief.id)?.reviewStatus).toBe('pending');
    expect(undone).toMatchObject({ redo: false, memories: [belief.id] });
    expect(undone.summary).toContain('approve');
    // The journal only grew: the approval is still there, and the undo names it.
    expect(snapshot(mind).journal).toBe(journalBefore + 1);
    expect(journalOfAction(mind.store.db, undone.action)[0]).toMatchObject({ op: 'undo', after: { undoes: undone.undone } });

    const redone = undoAction(mind, undone.action, USER);
    expect(redone.redo).toBe(true);
    expect(findMemoryById(mind.store.db, belief.id)?.reviewStatus).toBe('approved');
  });

  it('undoes a supersession as one unit: the old belief is active again, the new one archived, their links voided', () => {
    fresh();
    const episode = add(mind, { type: 'episode', content: 'Shipped on a Friday' });
    const old = add(mind, { type: 'belief', content: 'Never deploy on Fridays', evidence: [episode.id] });
    const other = add(mind, { type: 'belief', content: 'Always deploy on Fridays' });
    const flagged = flagContradiction(mind, old.id, other.id, USER);
    const { created, settled } = supersedeAndSettle(mind, old.id, { content: 'Deploy on Fridays only with a rollback plan' }, USER);
    expect(settled).toEqual([flagged.id]);
    expect(getMemoryView(mind, old.id).provenance.supersededBy.map((r) => r.id)).toEqual([created.id]);

    undoAction(mind, null, USER);
    expect(findMemoryById(mind.store.db, old.id)).toMatchObject({ status: 'active', supersededBy: null });
    expect(findMemoryById(mind.store.db, created.id)?.status).toBe('archived');
    expect(findContradiction(mind.store.db, flagged.id)?.status).toBe('open');
    // The links stay as rows, voided: the old belief's provenance no longer names a successor.
    expect(linksFrom(mind.store.db, created.seq)).toEqual([]);
    expect(linksFrom(mind.store.db, created.seq, undefined, { voided: true }).map((l) => l.kind).sort()).toEqual(['derived_from', 'evidence', 'supersedes']);
    expect(getMemoryView(mind, old.id).provenance.supersededBy).toEqual([]);
    expect(getLineage(mind, old.id, { direction: 'down' }).nodes.map((n) => n.id)).toEqual([old.id]);
    expect(linksTo(mind.store.db, episode.seq, ['evidence']).map((l) => l.fromSeq)).toEqual([old.seq]);
    // The next undo goes further back: the flagging, not the supersession again.
    undoAction(mind, null, USER);
    expect(findContradiction(mind.store.db, flagged.id)).toMatchObject({ status: 'resolved', resolution: 'withdrawn' });
  });

  it('redo after undo: the undo action undone restores what it took back, links included', () => {
    fresh();
    const episode = add(mind, { type: 'episode', content: 'Paired on the race' });
    const old = add(mind, { type: 'belief', content: 'Pairing finds races', evidence: [episode.id] });
    const { created } = supersedeAndSettle(mind, old.id, { content: 'Pairing finds races faster than review' }, USER);
    const undo = undoAction(mind, null, USER);
    undoAction(mind, undo.action, USER);
    expect(findMemoryById(mind.store.db, old.id)).toMatchObject({ status: 'superseded', supersededBy: created.id });
    expect(findMemoryById(mind.store.db, created.id)?.status).toBe('active');
    expect(linksFrom(mind.store.db, created.seq).map((l) => l.kind).sort()).toEqual(['derived_from', 'evidence', 'supersedes']);
  });

  it('undoes a merge into an existing memory: evidence links voided, the target and the pending item as they were', () => {
    fresh();
    const target = add(mind, { type: 'belief', content: 'Tests catch regressions' });
    const { belief, episodes } = pendingBelief('Tests catch regressions early', 3);
    const targetBefore = state(target.id);
    const pendingBefore = state(belief.id);
    const { into } = mergeInto(mind, belief.id, target.id, USER);
    expect(into.alpha).toBe((target.alpha ?? 0) + 3);
    expect(into.eventEvidenceCount).toBe(3);
    expect(findMemoryById(mind.store.db, belief.id)).toMatchObject({ status: 'superseded', supersededBy: target.id, reviewStatus: 'approved' });

    undoAction(mind, null, USER);
    expect(state(target.id)).toEqual(targetBefore);
    expect(state(belief.id)).toEqual(pendingBefore);
    expect(linksFrom(mind.store.db, target.seq)).toEqual([]);
    expect(linksTo(mind.store.db, episodes[0]?.seq ?? 0, ['evidence']).map((l) => l.fromSeq)).toEqual([belief.seq]);
  });

  it('undoes a rejection: the memory waits again and its never-learn-again fingerprint is revoked', () => {
    fresh();
    const { belief } = pendingBelief('The moon is made of cheese');
    rejectMemory(mind, belief.id, { ...USER, reason: 'obviously false' });
    expect(findRejection(mind.store.db, rejectionFingerprint(belief.content))).not.toBeNull();
    const undo = undoAction(mind, null, USER);
    expect(findMemoryById(mind.store.db, belief.id)).toMatchObject({ status: 'active', reviewStatus: 'pending' });
    expect(findRejection(mind.store.db, rejectionFingerprint(belief.content))).toBeNull();
    expect(countRows(mind.store.db, 'rejections')).toBe(1);
    // Redo: rejected again, the fingerprint in force again.
    undoAction(mind, undo.action, USER);
    expect(findMemoryById(mind.store.db, belief.id)).toMatchObject({ status: 'archived', reviewStatus: 'rejected' });
    expect(findRejection(mind.store.db, rejectionFingerprint(belief.content))).toMatchObject({ reason: 'obviously false' });
  });

  it('revoking a rejection is undone by putting it back in force', () => {
    fresh();
    const { belief } = pendingBelief('Cheese moon');
    rejectMemory(mind, belief.id, { ...USER, reason: 'false' });
    const fingerprint = rejectionFingerprint(belief.content);
    const [rejection] = getRejections(mind).items;
    revokeRejection(mind, rejection?.seq ?? 0, USER);
    expect(findRejection(mind.store.db, fingerprint)).toBeNull();
    undoAction(mind, null, USER);
    expect(findRejection(mind.store.db, fingerprint)).toMatchObject({ reason: 'false' });
  });

  it('undoes edit-and-approve as one action', () => {
    fresh();
    const { belief } = pendingBelief('Reviews find bugs');
    const before = state(belief.id);
    editAndApprove(mind, belief.id, { content: 'Careful reviews find bugs' }, { ...USER, expectedVersion: belief.version });
    undoAction(mind, null, USER);
    expect(state(belief.id)).toEqual(before);
  });

  it('undoes a verification with a code reference: the reference is removed and the tier comes back', () => {
    fresh();
    const belief = add(mind, { type: 'belief', content: 'The retry loop backs off', reviewStatus: 'approved' });
    const verified = verifyWithEvidence(mind, belief.id, { kind: 'code', value: 'src/retry.ts:42' }, { ...USER, expectedVersion: belief.version });
    expect(verified.tier).toBe('grounded');
    const undo = undoAction(mind, null, USER);
    const after = getMemoryView(mind, belief.id);
    expect(after.tier).toBe('observed');
    expect(after.evidenceRefs).toEqual([]);
    expect(after).toMatchObject({ verificationCount: 0, lastVerifiedAt: null, codeRefCount: 0, alpha: belief.alpha });
    // Redo puts the reference back.
    undoAction(mind, undo.action, USER);
    expect(getMemoryView(mind, belief.id).evidenceRefs.map((r) => r.ref)).toEqual(['src/retry.ts:42']);
    expect(getMemoryView(mind, belief.id).tier).toBe('grounded');
  });

  it('undoes a promotion: the capture is unprocessed again and the new memory archived', () => {
    fresh();
    const raw = add(mind, { type: 'raw', content: 'Paired with Claire on PR 24' });
    const { created } = promoteMemory(mind, raw.id, { to: 'episode' }, USER);
    undoAction(mind, null, USER);
    expect(findMemoryById(mind.store.db, raw.id)?.status).toBe('active');
    expect(findMemoryById(mind.store.db, created.id)?.status).toBe('archived');
    expect(getMemoryView(mind, raw.id).provenance.processedInto).toEqual([]);
  });

  it.each(['supersede', 'reconcile', 'tension', 'scope', 'archive'] as const)('undoes a contradiction resolved as %s, and a reopening', (as) => {
    fresh();
    const a = add(mind, { type: 'belief', content: 'Always write tests first' });
    const b = add(mind, { type: 'belief', content: 'Never write tests first' });
    const c = flagContradiction(mind, a.id, b.id, USER);
    const before = [state(a.id), state(b.id)];
    const input = {
      as,
      keep: a.id,
      text: 'Write tests first for risky changes',
      note: 'both hold sometimes',
      contexts: { [a.id]: 'risky changes', [b.id]: 'spikes' },
    };
    const resolved = resolveContradictionCase(mind, c.id, input, USER);
    expect(resolved.contradiction.status).toBe(as === 'tension' ? 'acknowledged' : 'resolved');
    expect(resolved.contradiction.resolution).toBe(as);
    undoAction(mind, null, USER);
    expect([state(a.id), state(b.id)]).toEqual(before);
    expect(findContradiction(mind.store.db, c.id)).toMatchObject({ status: 'open', resolution: null });

    resolveContradictionCase(mind, c.id, input, USER);
    reopenContradiction(mind, c.id, USER);
    expect(findContradiction(mind.store.db, c.id)?.status).toBe('open');
    undoAction(mind, null, USER);
    expect(findContradiction(mind.store.db, c.id)).toMatchObject({ resolution: as });
  });

  it('undoes a contradiction flagged by hand by withdrawing it', () => {
    fresh();
    const a = add(mind, { type: 'note', content: 'The build is green' });
    const b = add(mind, { type: 'note', content: 'The build is red' });
    const c = flagContradiction(mind, a.id, b.id, { ...USER, note: 'both from today' });
    undoAction(mind, null, USER);
    expect(findContradiction(mind.store.db, c.id)).toMatchObject({ status: 'resolved', resolution: 'withdrawn' });
  });

  it('refuses, changing nothing, when what the action touched moved on since, and says why', () => {
    const t = fresh();
    const { belief } = pendingBelief('Agents write tests');
    approveMemory(mind, belief.id, USER);
    t.clock.advance(DAY_MS);
    const current = findMemoryById(mind.store.db, belief.id);
    editMemory(mind, belief.id, { content: 'Agents write good tests' }, { ...AGENT, expectedVersion: current?.version ?? 0 });
    const error = expectRefusedWithoutWrites(mind, () => undoAction(mind, lastUndoable(mind, 'user'), USER), 'version_conflict');
    expect(error.message).toContain(`${belief.id} changed after this action (edit by agent:claude`);
    expect(error.message).toContain('Nothing was changed');
  });

  it('says an action was already undone, and never undoes a forgetting or a consolidation run', () => {
    fresh();
    const { belief } = pendingBelief('Forget me');
    approveMemory(mind, belief.id, USER);
    const first = undoAction(mind, null, USER);
    const again = expectMindError(() => undoAction(mind, first.undone, USER), 'version_conflict');
    expect(again.message).toContain('already undone');
    forgetMemory(mind, belief.id, USER);
    expect(expectMindError(() => undoAction(mind, null, USER), 'invalid_state').message).toContain('forgetting cannot be undone');
    const byRun = createMemory(mind, { type: 'note', content: 'from a run' }, { actor: 'scheduler:run_1', runId: 'run_1' });
    const [entry] = journalRows(mind, byRun.id);
    expect(expectMindError(() => undoAction(mind, entry?.seq ?? 0, USER), 'invalid_state').message).toContain('revert the run instead');
  });

  it('refuses a revert made before reverts could be undone: it deleted the links it took back and left no mark on its run', () => {
    fresh();
    const { belief } = pendingBelief('Reverted long ago');
    // Such a revert journaled only its memories' rows (here archiving what the run had drafted).
    mind.store.transaction(() =>
      applyChange(mind, belief, { status: 'archived' }, { op: 'revert', options: USER, note: { reverts: [1], revertedRun: 'run_old' } }),
    );
    const error = expectRefusedWithoutWrites(mind, () => undoAction(mind, null, USER), 'invalid_state');
    expect(error.message).toContain('reverted consolidation run run_old before a revert could be undone');
  });

  it('undoes the last action in effect, one after another (a stack), skipping undone ones', () => {
    fresh();
    const one = pendingBelief('First').belief;
    const two = pendingBelief('Second').belief;
    approveMemory(mind, one.id, USER);
    approveMemory(mind, two.id, USER);
    undoAction(mind, null, USER);
    expect(findMemoryById(mind.store.db, two.id)?.reviewStatus).toBe('pending');
    undoAction(mind, null, USER);
    expect(findMemoryById(mind.store.db, one.id)?.reviewStatus).toBe('pending');
  });
});

