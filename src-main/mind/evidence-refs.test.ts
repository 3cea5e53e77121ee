import { afterEach, describe, expect, it } from 'vitest';
import { linkEvidence, verifyMemory } from './confidence-ops';
import { addEvidenceRef, removeEvidenceRef } from './evidence-refs';
import { getMemoryView } from './memory-view';
import type { Mind } from './mind';
import { approveMemory, rejectMemory } from './review';
import { T0, USER, add, expectRefusedWithoutWrites, freshMind, lastJournal } from './test-support';

let mind: Mind;
afterEach(() => mind?.close());

describe('evidence references', () => {
  it('a code ref on a verified, approved memory makes it grounded; removing it steps back to observed', () => {
    ({ mind } = freshMind());
    const note = add(mind, { type: 'note', sourceType: 'inference' });
    approveMemory(mind, note.id, USER);
    verifyMemory(mind, note.id, {}, USER);
    expect(getMemoryView(mind, note.id).tier).toBe('observed');

    const withRef = addEvidenceRef(mind, note.id, { kind: 'code', ref: ' src/app.ts:42 ', note: 'the handler' }, { actor: 'user', reason: 'found it' });
    expect(withRef.codeRefCount).toBe(1);
    expect(withRef.tier).toBe('grounded');
    const view = getMemoryView(mind, note.id);
    expect(view.tier).toBe('grounded');
    expect(view.tierWhy).toMatch(/approved, verified, and grounded in 1 code\/file reference/);
    expect(view.evidenceRefs).toEqual([
      {
        seq: expect.any(Number),
        kind: 'code',
        ref: 'src/app.ts:42',
        note: 'the handler',
        createdAt: new Date(T0).toISOString(),
        // No repository named: never anchored (code-refs/check-refs.test.ts anchors and checks them).
        verifiedCommit: null,
        state: null,
        currentPath: null,
        stateReason: null,
      },
    ]);
    const row = lastJournal(mind, note.id);
    expect(row).toMatchObject({ op: 'add_evidence_ref', reason: 'found it' });
    expect(row.before).toEqual({ codeRefCount: 0 });
    expect(row.after).toMatchObject({ codeRefCount: 1, evidenceRef: view.evidenceRefs[0]?.seq });
    expect(row.evidence).toEqual({ kind: 'code', ref: 'src/app.ts:42', note: 'the handler' });

    const removed = removeEvidenceRef(mind, note.id, view.evidenceRefs[0]?.seq as number, USER);
    expect(removed.codeRefCount).toBe(0);
    expect(removed.tier).toBe('observed');
    expect(getMemoryView(mind, note.id).evidenceRefs).toEqual([]);
    expect(lastJournal(mind, note.id)).toMatchObject({ op: 'remove_evidence_ref', evidence: { kind: 'code', ref: 'src/app.ts:42' } });
  });

  it('a verified code ref grounds a memory still unreviewed or pending, never a rejected one', () => {
    ({ mind } = freshMind());
    const note = add(mind, { type: 'note' });
    const unverified = addEvidenceRef(mind, note.id, { kind: 'file', ref: 'docs/x.md' }, USER);
    expect([unverified.codeRefCount, unverified.tier]).toEqual([1, 'hypothesis']);
    expect(getMemoryView(mind, note.id).tierWhy).toMatch(/not grounded: not verified$/);
    verifyMemory(mind, note.id, {}, USER);
    expect(getMemoryView(mind, note.id)).toMatchObject({ tier: 'grounded', tierWhy: 'verified and grounded in 1 code/file reference' });

    const pending = add(mind, { type: 'note', sourceType: 'inference' });
    verifyMemory(mind, pending.id, {}, USER);
    expect(addEvidenceRef(mind, pending.id, { kind: 'code', ref: 'src/app.ts:42' }, USER)).toMatchObject({ reviewStatus: 'pending', tier: 'grounded' });
    expect(rejectMemory(mind, pending.id, { ...USER, reason: 'not so' }).tier).toBe('hypothesis');
    expect(getMemoryView(mind, pending.id).tierWhy).toMatch(/its code does not ground a memory rejected in review/);
  });

  it('an event ref makes a memory observed; a url ref does not', () => {
    ({ mind } = freshMind());
    const note = add(mind, { type: 'note' });
    const withUrl = addEvidenceRef(mind, note.id, { kind: 'url', ref: 'https://example.org' }, USER);
    expect(withUrl.tier).toBe('hypothesis');
    expect([withUrl.codeRefCount, withUrl.eventEvidenceCount]).toEqual([0, 0]);
    const withEvent = addEvidenceRef(mind, note.id, { kind: 'event', ref: 'evt_42' }, USER);
    expect(withEvent.eventEvidenceCount).toBe(1);
    expect(withEvent.tier).toBe('observed');
    const eventRef = getMemoryView(mind, note.id).evidenceRefs.find((r) => r.kind === 'event');
    expect(removeEvidenceRef(mind, note.id, eventRef?.seq as number, USER).tier).toBe('hypothesis');
  });

  it('counts event refs and linked episodes together, recomputed from the rows', () => {
    ({ mind } = freshMind());
    const episode = add(mind, { type: 'episode' });
    const note = add(mind, { type: 'note' });
    linkEvidence(mind, note.id, episode.id, USER);
    const m = addEvidenceRef(mind, note.id, { kind: 'event', ref: 'evt_1' }, USER);
    expect(m.eventEvidenceCount).toBe(2);
    const ref = getMemoryView(mind, note.id).evidenceRefs[0];
    const after = removeEvidenceRef(mind, note.id, ref?.seq as number, USER);
    expect(after.eventEvidenceCount).toBe(1);
    expect(after.tier).toBe('observed');
  });

  it('refuses a duplicate, an unknown kind, an empty ref and an unknown ref seq, writing nothing', () => {
    ({ mind } = freshMind());
    const note = add(mind, { type: 'note' });
    addEvidenceRef(mind, note.id, { kind: 'code', ref: 'a.ts' }, USER);
    expectRefusedWithoutWrites(mind, () => addEvidenceRef(mind, note.id, { kind: 'code', ref: 'a.ts' }, USER), 'invalid_input');
    expectRefusedWithoutWrites(mind, () => addEvidenceRef(mind, note.id, { kind: 'commit' as never, ref: 'abc' }, USER), 'invalid_input');
    expectRefusedWithoutWrites(mind, () => addEvidenceRef(mind, note.id, { kind: 'code', ref: '  ' }, USER), 'invalid_input');
    expectRefusedWithoutWrites(mind, () => removeEvidenceRef(mind, note.id, 9999, USER), 'not_found');
    const other = add(mind, { type: 'note' });
    const refSeq = getMemoryView(mind, note.id).evidenceRefs[0]?.seq as number;
    // A ref belongs to its memory: another memory cannot remove it.
    expectRefusedWithoutWrites(mind, () => removeEvidenceRef(mind, other.id, refSeq, USER), 'not_found');
    expectRefusedWithoutWrites(mind, () => addEvidenceRef(mind, 'nt_missing', { kind: 'code', ref: 'b.ts' }, USER), 'not_found');
  });
});
