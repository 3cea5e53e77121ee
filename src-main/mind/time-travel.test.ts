import { afterEach, describe, expect, it } from 'vitest';
import { addCounterEvidence, linkEvidence, reinforceMemory } from './confidence-ops';
import { editMemory } from './edit';
import { archiveMemory } from './lifecycle';
import { listMemories } from './list';
import { getMemoryView } from './memory-view';
import type { Mind } from './mind';
import { promoteMemory } from './promote';
import { supersedeBelief } from './supersede';
import { DAY_MS, T0, USER, add, expectMindError, expectRefusedWithoutWrites, freshMind } from './test-support';

let mind: Mind;
afterEach(() => mind?.close());

describe('getMemoryView as of a past time', () => {
  it('shows the state before and after an edit', () => {
    const t = freshMind();
    mind = t.mind;
    const note = add(mind, { type: 'note', content: 'before', fields: { noteType: 'idea' } });
    const editAt = t.clock.advance(10 * DAY_MS);
    editMemory(mind, note.id, { content: 'after', fields: { noteType: 'fact' } }, { actor: 'user', expectedVersion: 1 });
    t.clock.advance(10 * DAY_MS);

    const then = getMemoryView(mind, note.id, { asOf: editAt - 1 });
    expect(then).toMatchObject({ content: 'before', fields: { noteType: 'idea' }, version: 1, asOf: new Date(editAt - 1).toISOString() });
    const at = getMemoryView(mind, note.id, { asOf: editAt });
    expect(at).toMatchObject({ content: 'after', fields: { noteType: 'fact' }, version: 2 });
    const now = getMemoryView(mind, note.id);
    expect(now).toMatchObject({ content: 'after', version: 2, asOf: null });
    // Decay is read at the instant asked for.
    expect(then.effectiveConfidence).toBeCloseTo(0.8 - 0.015 * ((editAt - 1 - T0) / (30 * DAY_MS)), 12);
    expect(now.effectiveConfidence).toBeCloseTo(0.8 - 0.015 * (20 / 30), 12);
  });

  it('shows a belief before and after it was superseded, with the provenance it had then', () => {
    const t = freshMind();
    mind = t.mind;
    const old = add(mind, { type: 'belief', content: 'old view' });
    const at = t.clock.advance(DAY_MS);
    const { created } = supersedeBelief(mind, old.id, { content: 'new view' }, USER);

    const before = getMemoryView(mind, old.id, { asOf: at - 1 });
    expect(before.status).toBe('active');
    expect(before.supersededBy).toBeNull();
    expect(before.provenance.supersededBy).toEqual([]);
    expect(before.provenance.processedInto).toEqual([]);

    const after = getMemoryView(mind, old.id, { asOf: at });
    expect(after.status).toBe('superseded');
    expect(after.supersededBy).toBe(created.id);
    expect(after.provenance.supersededBy.map((r) => r.id)).toEqual([created.id]);

    expectRefusedWithoutWrites(mind, () => getMemoryView(mind, created.id, { asOf: at - 1 }), 'not_found');
  });

  it('shows confidence and evidence as they were', () => {
    const t = freshMind();
    mind = t.mind;
    const episode = add(mind, { type: 'episode', content: 'proof' });
    const belief = add(mind, { type: 'belief' });
    const linkedAt = t.clock.advance(DAY_MS);
    linkEvidence(mind, belief.id, episode.id, USER);
    const counterAt = t.clock.advance(DAY_MS);
    const counter = add(mind, { type: 'episode', content: 'disproof' });
    addCounterEvidence(mind, belief.id, { episodeId: counter.id }, USER);

    const start = getMemoryView(mind, belief.id, { asOf: linkedAt - 1 });
    expect([start.alpha, start.beta, start.confidence, start.tier]).toEqual([1, 1, 0.5, 'hypothesis']);
    expect(start.provenance.evidence).toEqual([]);
    expect(start.provenance.counterEvidence).toEqual([]);

    const linked = getMemoryView(mind, belief.id, { asOf: counterAt - 1 });
    expect([linked.alpha, linked.beta, linked.tier]).toEqual([2, 1, 'observed']);
    expect(linked.provenance.evidence.map((r) => r.id)).toEqual([episode.id]);
    expect(linked.provenance.counterEvidence).toEqual([]);

    t.clock.advance(DAY_MS);
    archiveMemory(mind, episode.id, USER);
    // The related memory as it stood then: still active.
    expect(getMemoryView(mind, belief.id, { asOf: counterAt - 1 }).provenance.evidence).toEqual([
      { id: episode.id, type: 'episode', content: 'proof', status: 'active' },
    ]);
    const now = getMemoryView(mind, belief.id);
    expect(now.provenance.evidence[0]?.status).toBe('archived');
    expect([now.alpha, now.beta]).toEqual([2, 2]);
    expect(now.provenance.counterEvidence.map((r) => r.id)).toEqual([counter.id]);
  });

  it('shows a reinforcement link to an older episode only from when it was made', () => {
    const t = freshMind();
    mind = t.mind;
    const episode = add(mind, { type: 'episode' });
    const note = add(mind, { type: 'note' });
    const at = t.clock.advance(DAY_MS);
    reinforceMemory(mind, note.id, { evidence: episode.id }, USER);
    expect(getMemoryView(mind, note.id, { asOf: at - 1 }).provenance.evidence).toEqual([]);
    expect(getMemoryView(mind, episode.id, { asOf: at - 1 }).provenance).toMatchObject({ processedInto: [] });
    expect(getMemoryView(mind, note.id, { asOf: at }).provenance.evidence.map((r) => r.id)).toEqual([episode.id]);
  });

  it('refuses a time before the memory existed', () => {
    const t = freshMind();
    mind = t.mind;
    t.clock.advance(DAY_MS);
    const note = add(mind, { type: 'note' });
    const error = expectRefusedWithoutWrites(mind, () => getMemoryView(mind, note.id, { asOf: T0 }), 'not_found');
    expect(error.details).toMatchObject({ id: note.id, asOf: new Date(T0).toISOString() });
  });
});

describe('listMemories as of a past time', () => {
  it('lists what existed then, with the statuses and content it had then', () => {
    const t = freshMind();
    mind = t.mind;
    const raw = add(mind, { type: 'raw', content: 'capture' });
    const note = add(mind, { type: 'note', content: 'note v1' });
    const belief = add(mind, { type: 'belief', content: 'belief v1' });
    const t1 = t.clock.advance(DAY_MS);
    const { created: episode } = promoteMemory(mind, raw.id, { to: 'episode' }, USER);
    editMemory(mind, note.id, { content: 'note v2' }, { actor: 'user', expectedVersion: 1 });
    const t2 = t.clock.advance(DAY_MS);
    const { created: successor } = supersedeBelief(mind, belief.id, { content: 'belief v2' }, USER);
    archiveMemory(mind, note.id, USER);

    const view = (asOf: number | undefined) =>
      Object.fromEntries(
        listMemories(mind, { asOf, limit: 100 }).items.map((m) => [m.id, `${m.status}:${m.content}:v${m.version}`]),
      );
    expect(view(t1 - 1)).toEqual({
      [raw.id]: 'active:capture:v1',
      [note.id]: 'active:note v1:v1',
      [belief.id]: 'active:belief v1:v1',
    });
    expect(view(t2 - 1)).toEqual({
      [raw.id]: 'processed:capture:v2',
      [note.id]: 'active:note v2:v2',
      [belief.id]: 'active:belief v1:v1',
      [episode.id]: 'active:capture:v1',
    });
    expect(view(t2)).toEqual({
      [raw.id]: 'processed:capture:v2',
      [note.id]: 'archived:note v2:v3',
      [belief.id]: 'superseded:belief v1:v2',
      [episode.id]: 'active:capture:v1',
      [successor.id]: 'active:belief v2:v1',
    });
    expect(view(undefined)).toEqual(view(t2));
    expect(listMemories(mind, { asOf: T0 - 1 }).items).toEqual([]);
  });

  it('filters and pages the past like the present', () => {
    const t = freshMind();
    mind = t.mind;
    const notes = Array.from({ length: 9 }, (_, i) => add(mind, { type: 'note', content: `n${i}` }));
    add(mind, { type: 'goal' });
    const then = t.clock.advance(DAY_MS);
    for (const n of notes.slice(0, 4)) archiveMemory(mind, n.id, USER);
    add(mind, { type: 'note' });

    const active = (asOf: number) => {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const page = listMemories(mind, { asOf, filter: { types: ['note'], statuses: ['active'] }, limit: 2, cursor, sort: 'created', direction: 'asc' });
        ids.push(...page.items.map((m) => m.id));
        cursor = page.nextCursor;
      } while (cursor);
      return ids;
    };
    expect(active(then - 1)).toEqual(notes.map((n) => n.id));
    expect(active(then)).toHaveLength(6);
  });

  it('refuses a text filter on a past list: the full-text index holds only today\'s words', () => {
    ({ mind } = freshMind());
    const note = add(mind, { type: 'note', content: 'zebra crossing' });
    expectMindError(() => listMemories(mind, { asOf: T0, filter: { text: 'zebra' } }), 'invalid_input');
    expectMindError(() => listMemories(mind, { asOf: Number.NaN }), 'invalid_input');
    expectMindError(() => getMemoryView(mind, note.id, { asOf: Number.NaN }), 'invalid_input');
  });
});
