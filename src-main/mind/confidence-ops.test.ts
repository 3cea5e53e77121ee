import { afterEach, describe, expect, it } from 'vitest';
import { findMemoryById } from '../store/memories-repo';
import { addCounterEvidence, linkEvidence, reinforceMemory, verifyMemory } from './confidence-ops';
import { archiveMemory } from './lifecycle';
import { getMemoryView } from './memory-view';
import type { Mind } from './mind';
import { DAY_MS, USER, add, expectRefusedWithoutWrites, freshMind, journalRows, lastJournal } from './test-support';

let mind: Mind;
afterEach(() => mind?.close());

describe('verifyMemory', () => {
  it('adds 0.1 to a non-belief, capped at 1, and counts the verification', () => {
    const t = freshMind();
    mind = t.mind;
    const goal = add(mind, { type: 'goal', confidence: 0.85 });
    const at1 = t.clock.advance(DAY_MS);
    const once = verifyMemory(mind, goal.id, { evidence: 'checked the tracker' }, USER);
    expect(once.confidence).toBeCloseTo(0.95, 12);
    expect(once.verificationCount).toBe(1);
    expect(once.lastVerifiedAt).toBe(at1);
    const at2 = t.clock.advance(DAY_MS);
    const twice = verifyMemory(mind, goal.id, {}, USER);
    expect(twice.confidence).toBe(1);
    expect(twice.verificationCount).toBe(2);
    expect(twice.lastVerifiedAt).toBe(at2);
    expect(verifyMemory(mind, goal.id, {}, USER).confidence).toBe(1);

    const rows = journalRows(mind, goal.id).filter((r) => r.op === 'verify');
    expect(rows).toHaveLength(3);
    expect(rows[0]?.confidence_before).toBe(0.85);
    expect(rows[0]?.confidence_after).toBeCloseTo(0.95, 12);
    expect(JSON.parse(rows[0]?.evidence ?? 'null')).toBe('checked the tracker');
    expect(JSON.parse(rows[0]?.after ?? '{}')).toMatchObject({ verificationCount: 1, lastVerifiedAt: at1 });
  });

  it('refuses an archived memory: verification is for what the mind still holds', () => {
    ({ mind } = freshMind());
    const note = add(mind, { type: 'note' });
    archiveMemory(mind, note.id, USER);
    expectRefusedWithoutWrites(mind, () => verifyMemory(mind, note.id, {}, USER), 'invalid_state');
  });

  it('adds one success to a belief: α + 1', () => {
    ({ mind } = freshMind());
    const belief = add(mind, { type: 'belief' });
    const verified = verifyMemory(mind, belief.id, {}, USER);
    expect([verified.alpha, verified.beta]).toEqual([2, 1]);
    expect(verified.confidence).toBeCloseTo(2 / 3, 12);
    expect(verified.verificationCount).toBe(1);
    const again = verifyMemory(mind, belief.id, {}, USER);
    expect([again.alpha, again.beta]).toEqual([3, 1]);
    expect(again.confidence).toBeCloseTo(0.75, 12);
    const row = lastJournal(mind, belief.id);
    expect(row.before).toMatchObject({ alpha: 2, confidence: 2 / 3 });
    expect(row.after).toMatchObject({ alpha: 3, confidence: 0.75 });
  });

  it('resets the decay clock (visible in the effective confidence)', () => {
    const t = freshMind();
    mind = t.mind;
    const note = add(mind, { type: 'note', confidence: 0.8 });
    t.clock.advance(60 * DAY_MS);
    // note: 1.5% per 30 days → two periods.
    expect(getMemoryView(mind, note.id).effectiveConfidence).toBeCloseTo(0.77, 12);
    expect(getMemoryView(mind, note.id).stale).toBe(true);
    verifyMemory(mind, note.id, {}, USER);
    const fresh = getMemoryView(mind, note.id);
    expect(fresh.confidence).toBeCloseTo(0.9, 12);
    expect(fresh.effectiveConfidence).toBeCloseTo(0.9, 12);
    expect(fresh.stale).toBe(false);
    t.clock.advance(30 * DAY_MS);
    expect(getMemoryView(mind, note.id).effectiveConfidence).toBeCloseTo(0.885, 12);
  });

  it('resets the decay clock of a belief too', () => {
    const t = freshMind();
    mind = t.mind;
    const episodes = [1, 2, 3].map(() => add(mind, { type: 'episode' }));
    const belief = add(mind, { type: 'belief', evidence: episodes.map((e) => e.id) });
    t.clock.advance(90 * DAY_MS);
    expect(getMemoryView(mind, belief.id).effectiveConfidence).toBeCloseTo(0.8 - 0.03, 12);
    verifyMemory(mind, belief.id, {}, USER);
    expect(getMemoryView(mind, belief.id).effectiveConfidence).toBeCloseTo(5 / 6, 12);
  });
});

describe('reinforceMemory', () => {
  it('applies the diminishing boost toward 0.99 over five steps (worked numbers)', () => {
    ({ mind } = freshMind());
    const note = add(mind, { type: 'note', confidence: 0.8 });
    // boost = 0.05 / (1 + n × 0.1), applied to the distance left to 0.99
    const expected = [0.8095, 0.8177045454545454, 0.8248835227272727, 0.8312341564685315, 0.8369043651660839];
    expected.forEach((value, n) => {
      const m = reinforceMemory(mind, note.id, { evidence: `run ${n}` }, USER);
      expect(m.confidence).toBeCloseTo(value, 12);
      expect(m.timesReinforced).toBe(n + 1);
    });
    const rows = journalRows(mind, note.id).filter((r) => r.op === 'reinforce');
    expect(rows.map((r) => JSON.parse(r.evidence ?? 'null'))).toEqual(['run 0', 'run 1', 'run 2', 'run 3', 'run 4']);
    expect(rows[1]?.confidence_before).toBeCloseTo(0.8095, 12);
    expect(rows[1]?.confidence_after).toBeCloseTo(0.8177045454545454, 12);
  });

  it('never lowers a confidence already at or above the ceiling', () => {
    ({ mind } = freshMind());
    const goal = add(mind, { type: 'goal', confidence: 1 });
    expect(reinforceMemory(mind, goal.id, {}, USER).confidence).toBe(1);
  });

  it('adds one success to a belief and resets the decay clock', () => {
    const t = freshMind();
    mind = t.mind;
    const belief = add(mind, { type: 'belief', confidence: 0.9 });
    t.clock.advance(300 * DAY_MS);
    expect(getMemoryView(mind, belief.id).effectiveConfidence).toBeCloseTo(0.8, 12);
    const m = reinforceMemory(mind, belief.id, {}, USER);
    expect(m.alpha).toBeCloseTo(2.8, 12);
    expect(m.beta).toBeCloseTo(0.2, 12);
    expect(m.confidence).toBeCloseTo(2.8 / 3, 12);
    expect(m.lastReinforcedAt).toBe(t.clock.now());
    expect(getMemoryView(mind, belief.id).effectiveConfidence).toBeCloseTo(2.8 / 3, 12);
  });

  it('links a named episode as evidence, once', () => {
    ({ mind } = freshMind());
    const episode = add(mind, { type: 'episode', content: 'the run that proved it' });
    const note = add(mind, { type: 'note' });
    expect(note.tier).toBe('hypothesis');
    const m = reinforceMemory(mind, note.id, { evidence: episode.id }, USER);
    expect(m.eventEvidenceCount).toBe(1);
    expect(m.tier).toBe('observed');
    expect(getMemoryView(mind, note.id).provenance.evidence.map((r) => r.id)).toEqual([episode.id]);
    expect(lastJournal(mind, note.id).after).toMatchObject({ evidenceLinked: episode.id });
    const again = reinforceMemory(mind, note.id, { evidence: episode.id }, USER);
    expect(again.eventEvidenceCount).toBe(1);
    expect(again.timesReinforced).toBe(2);
    expect(lastJournal(mind, note.id).after).not.toHaveProperty('evidenceLinked');
  });

  it('refuses an unknown episode, and a memory that is not active', () => {
    ({ mind } = freshMind());
    const note = add(mind, { type: 'note' });
    expectRefusedWithoutWrites(mind, () => reinforceMemory(mind, note.id, { evidence: 'ep_000000000000' }, USER), 'not_found');
    archiveMemory(mind, note.id, USER);
    expectRefusedWithoutWrites(mind, () => reinforceMemory(mind, note.id, {}, USER), 'invalid_state');
  });
});

describe('addCounterEvidence', () => {
  it('adds one failure to a belief: β + 1', () => {
    ({ mind } = freshMind());
    const belief = add(mind, { type: 'belief' });
    const m = addCounterEvidence(mind, belief.id, { evidence: 'it broke on Tuesday' }, USER);
    expect([m.alpha, m.beta]).toEqual([1, 2]);
    expect(m.confidence).toBeCloseTo(1 / 3, 12);
    const m2 = addCounterEvidence(mind, belief.id, {}, USER);
    expect([m2.alpha, m2.beta]).toEqual([1, 3]);
    expect(m2.confidence).toBeCloseTo(0.25, 12);
    const row = journalRows(mind, belief.id).find((r) => r.op === 'counter_evidence');
    expect(JSON.parse(row?.evidence ?? 'null')).toBe('it broke on Tuesday');
    expect(row?.confidence_before).toBe(0.5);
  });

  it('10 supports and 2 contradictions read 11/14', () => {
    ({ mind } = freshMind());
    const episodes = Array.from({ length: 10 }, (_, i) => add(mind, { type: 'episode', content: `support ${i}` }));
    const belief = add(mind, { type: 'belief', evidence: episodes.map((e) => e.id) });
    expect(belief.confidence).toBeCloseTo(11 / 12, 12);
    addCounterEvidence(mind, belief.id, {}, USER);
    const m = addCounterEvidence(mind, belief.id, {}, USER);
    expect(m.confidence).toBeCloseTo(11 / 14, 12);
  });

  it('links a contradicting episode, once', () => {
    ({ mind } = freshMind());
    const episode = add(mind, { type: 'episode' });
    const belief = add(mind, { type: 'belief' });
    addCounterEvidence(mind, belief.id, { episodeId: episode.id }, USER);
    const view = getMemoryView(mind, belief.id);
    expect(view.provenance.counterEvidence.map((r) => r.id)).toEqual([episode.id]);
    expect(view.provenance.evidence).toEqual([]);
    // Counter-evidence does not make a belief observed.
    expect(view.eventEvidenceCount).toBe(0);
    expect(lastJournal(mind, belief.id).after).toMatchObject({ counterEvidenceLinked: episode.id });
    expectRefusedWithoutWrites(mind, () => addCounterEvidence(mind, belief.id, { episodeId: episode.id }, USER), 'invalid_input');
  });

  it('refuses a non-belief with not_a_belief, writing nothing', () => {
    ({ mind } = freshMind());
    const note = add(mind, { type: 'note' });
    expectRefusedWithoutWrites(mind, () => addCounterEvidence(mind, note.id, {}, USER), 'not_a_belief');
    expect(findMemoryById(mind.store.db, note.id)?.confidence).toBe(0.8);
  });
});

describe('linkEvidence', () => {
  it('links a supporting episode to a belief: α + 1 and observed', () => {
    ({ mind } = freshMind());
    const episode = add(mind, { type: 'episode', content: 'it worked' });
    const belief = add(mind, { type: 'belief' });
    const m = linkEvidence(mind, belief.id, episode.id, { actor: 'user', reason: 'clearly related' });
    expect([m.alpha, m.beta]).toEqual([2, 1]);
    expect(m.eventEvidenceCount).toBe(1);
    expect(m.tier).toBe('observed');
    expect(getMemoryView(mind, belief.id).provenance.evidence.map((r) => r.id)).toEqual([episode.id]);
    const row = lastJournal(mind, belief.id);
    expect(row).toMatchObject({ op: 'link_evidence', reason: 'clearly related' });
    expect(row.after).toMatchObject({ evidenceLinked: episode.id, alpha: 2, eventEvidenceCount: 1 });
  });

  it('links evidence to a non-belief without touching its confidence', () => {
    ({ mind } = freshMind());
    const episode = add(mind, { type: 'episode' });
    const goal = add(mind, { type: 'goal', confidence: 0.6 });
    const m = linkEvidence(mind, goal.id, episode.id, USER);
    expect(m.confidence).toBe(0.6);
    expect(m.eventEvidenceCount).toBe(1);
  });

  it('refuses a duplicate link, a non-episode, self-evidence and an unknown id', () => {
    ({ mind } = freshMind());
    const episode = add(mind, { type: 'episode' });
    const note = add(mind, { type: 'note' });
    const belief = add(mind, { type: 'belief' });
    linkEvidence(mind, belief.id, episode.id, USER);
    expectRefusedWithoutWrites(mind, () => linkEvidence(mind, belief.id, episode.id, USER), 'invalid_input');
    expectRefusedWithoutWrites(mind, () => linkEvidence(mind, belief.id, note.id, USER), 'invalid_input');
    expectRefusedWithoutWrites(mind, () => linkEvidence(mind, episode.id, episode.id, USER), 'invalid_input');
    expectRefusedWithoutWrites(mind, () => linkEvidence(mind, belief.id, 'ep_nope', USER), 'not_found');
  });
});
