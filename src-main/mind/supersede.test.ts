import { afterEach, describe, expect, it } from 'vitest';
import { findMemoryById } from '../store/memories-repo';
import { forgetMemory } from './lifecycle';
import { getLineage } from './lineage';
import { getMemoryView } from './memory-view';
import type { Mind } from './mind';
import { flagContradiction } from './contradiction-workbench';
import { getContradictions } from './contradictions';
import { promoteMemory } from './promote';
import { previewSupersession, supersedeAndSettle, supersedeBelief } from './supersede';
import { DAY_MS, USER, add, expectRefusedWithoutWrites, freshMind, journalCount, lastJournal } from './test-support';

let mind: Mind;
afterEach(() => mind?.close());

describe('supersedeBelief', () => {
  it('links both ways, marks the old superseded, and journals both', () => {
    const t = freshMind();
    mind = t.mind;
    const old = add(mind, { type: 'belief', content: 'tabs are best', fields: { subject: 'indentation', beliefType: 'preference' } });
    const at = t.clock.advance(DAY_MS);
    const { created, superseded } = supersedeBelief(
      mind,
      old.id,
      { content: 'spaces are best', fields: { timeframe: 'current' } },
      { actor: 'user', reason: 'changed my mind' },
    );
    expect(created.type).toBe('belief');
    expect(created.createdAt).toBe(at);
    expect(created.fields).toEqual({ subject: 'indentation', beliefType: 'preference', timeframe: 'current' });
    expect(superseded.status).toBe('superseded');
    expect(superseded.supersededBy).toBe(created.id);
    expect(superseded.version).toBe(2);

    const newView = getMemoryView(mind, created.id);
    expect(newView.provenance.supersedes.map((r) => r.id)).toEqual([old.id]);
    expect(newView.provenance.derivedFrom.map((r) => r.id)).toEqual([old.id]);
    const oldView = getMemoryView(mind, old.id);
    expect(oldView.provenance.supersededBy).toEqual([{ id: created.id, type: 'belief', content: 'spaces are best', status: 'active' }]);
    expect(oldView.supersededBy).toBe(created.id);

    const oldRow = lastJournal(mind, old.id);
    expect(oldRow).toMatchObject({ op: 'superseded', actor: 'user', reason: 'changed my mind', at });
    expect(oldRow.before).toEqual({ status: 'active', supersededBy: null });
    expect(oldRow.after).toEqual({ status: 'superseded', supersededBy: created.id });
    const newRow = lastJournal(mind, created.id);
    expect(newRow).toMatchObject({ op: 'supersede', reason: 'changed my mind' });
    expect(newRow.after).toMatchObject({ derivedFrom: [old.id], supersedes: old.id });
    expect(journalCount(mind)).toBe(3);

    const lineage = getLineage(mind, created.id, { direction: 'up' });
    expect(lineage.edges).toEqual(
      expect.arrayContaining([
        { from: created.id, to: old.id, kind: 'supersedes' },
        { from: created.id, to: old.id, kind: 'derived_from' },
      ]),
    );
  });

  it("inherits the old belief's supporting episodes (α = 1 + N)", () => {
    ({ mind } = freshMind());
    const episodes = [1, 2].map((i) => add(mind, { type: 'episode', content: `episode ${i}` }));
    const old = add(mind, { type: 'belief', evidence: episodes.map((e) => e.id) });
    const { created } = supersedeBelief(mind, old.id, { content: 'a refined belief' }, USER);
    expect([created.alpha, created.beta]).toEqual([3, 1]);
    expect(created.eventEvidenceCount).toBe(2);
    expect(created.tier).toBe('observed');
    expect(getMemoryView(mind, created.id).provenance.evidence.map((r) => r.id).sort()).toEqual(episodes.map((e) => e.id).sort());
    expect(lastJournal(mind, created.id).after).toMatchObject({ evidence: expect.arrayContaining(episodes.map((e) => e.id)) });
  });

  it('does not inherit a forgotten episode', () => {
    ({ mind } = freshMind());
    const kept = add(mind, { type: 'episode' });
    const gone = add(mind, { type: 'episode' });
    const old = add(mind, { type: 'belief', evidence: [kept.id, gone.id] });
    forgetMemory(mind, gone.id, USER);
    const { created } = supersedeBelief(mind, old.id, { content: 'next' }, USER);
    expect(getMemoryView(mind, created.id).provenance.evidence.map((r) => r.id)).toEqual([kept.id]);
    expect(created.alpha).toBe(2);
  });

  it('takes the source and confidence given for the new belief', () => {
    ({ mind } = freshMind());
    const old = add(mind, { type: 'belief' });
    const { created } = supersedeBelief(mind, old.id, { content: 'Claire says so', source: 'told by Claire', confidence: 0.75 }, USER);
    expect([created.sourceType, created.sourceEntity]).toEqual(['external', 'claire']);
    expect(created.confidence).toBeCloseTo(0.75, 12);
  });

  it('refuses a non-belief with not_a_belief, writing nothing', () => {
    ({ mind } = freshMind());
    const note = add(mind, { type: 'note' });
    expectRefusedWithoutWrites(mind, () => supersedeBelief(mind, note.id, { content: 'x' }, USER), 'not_a_belief');
    expect(findMemoryById(mind.store.db, note.id)?.status).toBe('active');
  });

  it('refuses an already superseded belief with invalid_state, writing nothing', () => {
    ({ mind } = freshMind());
    const old = add(mind, { type: 'belief' });
    const { created } = supersedeBelief(mind, old.id, { content: 'second' }, USER);
    const error = expectRefusedWithoutWrites(mind, () => supersedeBelief(mind, old.id, { content: 'third' }, USER), 'invalid_state');
    expect(error.message).toContain(created.id);
    expect(error.details).toMatchObject({ status: 'superseded' });
  });

  it('rolls everything back when the new belief is invalid', () => {
    ({ mind } = freshMind());
    const old = add(mind, { type: 'belief' });
    expectRefusedWithoutWrites(mind, () => supersedeBelief(mind, old.id, { content: '  ' }, USER), 'invalid_input');
    expectRefusedWithoutWrites(
      mind,
      () => supersedeBelief(mind, old.id, { content: 'ok', fields: { timeframe: 'someday' } }, USER),
      'invalid_fields',
    );
    expectRefusedWithoutWrites(mind, () => supersedeBelief(mind, old.id, { content: 'ok', confidence: 1.5 }, USER), 'invalid_input');
    expect(findMemoryById(mind.store.db, old.id)?.status).toBe('active');
  });

  it('honours the version the caller saw on the old belief', () => {
    ({ mind } = freshMind());
    const old = add(mind, { type: 'belief' });
    expectRefusedWithoutWrites(
      mind,
      () => supersedeBelief(mind, old.id, { content: 'next' }, { actor: 'user', expectedVersion: 7 }),
      'version_conflict',
    );
    const { superseded } = supersedeBelief(mind, old.id, { content: 'next' }, { actor: 'user', expectedVersion: 1 });
    expect(superseded.version).toBe(2);
  });
});

describe('previewSupersession and supersedeAndSettle', () => {
  it('list the dependents, the evidence that moves over and the open contradictions it settles, then settle them', () => {
    mind = freshMind().mind;
    const episode = add(mind, { type: 'episode', content: 'Deployed on Friday, it broke' });
    const old = add(mind, { type: 'belief', content: 'Never deploy on Fridays', evidence: [episode.id] });
    const goal = promoteMemory(mind, old.id, { to: 'goal', text: 'Keep Fridays deploy-free' }, USER).created;
    const rival = add(mind, { type: 'belief', content: 'Always deploy on Fridays' });
    const flagged = flagContradiction(mind, old.id, rival.id, USER);
    const impact = previewSupersession(mind, old.id);
    expect(impact.dependents.map((d) => d.id)).toEqual([goal.id]);
    expect(impact.evidence.map((e) => e.id)).toEqual([episode.id]);
    expect(impact.contradictions).toEqual([{ id: flagged.id, kind: 'flagged', with: expect.objectContaining({ id: rival.id }) }]);

    const { created, settled } = supersedeAndSettle(mind, old.id, { content: 'Deploy on Fridays with a rollback plan' }, USER);
    expect(settled).toEqual([flagged.id]);
    expect(getMemoryView(mind, created.id).provenance.evidence.map((e) => e.id)).toEqual([episode.id]);
    expect(getContradictions(mind, { status: 'resolved' }).map((c) => [c.id, c.resolution])).toEqual([[flagged.id, 'supersede']]);
  });

  it('is refused for a memory that is not a belief', () => {
    mind = freshMind().mind;
    const note = add(mind, { type: 'note', content: 'a note' });
    expect(() => previewSupersession(mind, note.id)).toThrow(/only beliefs are superseded/);
  });
});
